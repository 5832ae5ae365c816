// Designers read the stories in Storybook by their names, which Storybook would otherwise make
// from the export names without å, ä and ö ('Manga Versioner'). Every story therefore carries a
// Swedish `name:` (design.md: story names in Swedish with diacritics), which this test keeps.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

const src = join(import.meta.dirname);

function storyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return storyFiles(path);
    return entry.name.endsWith('.stories.tsx') ? [path] : [];
  });
}

/** The exported stories of a file written as object literals, and whether each has a name. */
export function storiesWithoutName(text: string): string[] {
  const lines = text.split('\n');
  const missing: string[] = [];
  lines.forEach((line, i) => {
    const story = /^export const ([A-Z]\w*)(?::\s*\w+(?:<[^>]*>)?)? = \{(.*)$/.exec(line);
    if (!story) return;
    if (/\bname:/.test(story[2]!)) return;
    for (let j = i + 1; j < lines.length && lines[j] !== '};'; j++) {
      if (/^ {2}name:/.test(lines[j]!)) return;
    }
    missing.push(story[1]!);
  });
  return missing;
}

describe('story names', () => {
  test('the check finds a story without a name and accepts one with', () => {
    const text = [
      'export const MangaVersioner: Story = {',
      '  args: {},',
      '};',
      'export const Tom: Story = {',
      "  name: 'Tom',",
      '};',
      "export const Rorelse: Story = { name: 'Rörelse', ...x };",
    ].join('\n');
    expect(storiesWithoutName(text)).toEqual(['MangaVersioner']);
  });

  test('every story in packages/ui has a Swedish name', () => {
    const files = storyFiles(src);
    expect(files.length).toBeGreaterThan(50);
    const missing = files.flatMap((file) =>
      storiesWithoutName(readFileSync(file, 'utf8')).map(
        (story) => `${relative(src, file)}: ${story}`,
      ),
    );
    expect(missing).toEqual([]);
  });
});
