// The signed-out pages are listed once, in packages/ui/src/config/signed-out-pages.ts (issue 37):
// the route table (router.tsx) maps each page's screen folder to a lazy screen, and the build's
// prerender (scripts/prerender.mjs) preloads the chunk of that same folder. These checks keep the
// router's loader of a folder importing that folder, so the page the router shows and the chunk
// the prerendered HTML preloads cannot part.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { signedOutPages } from '@halsa/ui/config/signed-out-pages.ts';

const screens = join(import.meta.dirname, '../../ui/src/screens');
const router = readFileSync(join(import.meta.dirname, 'router.tsx'), 'utf8');

/** Screen folder → the folder its loader in `source`'s signedOutScreens imports. */
export function loaderFolders(source: string): Record<string, string | undefined> {
  const table = /const signedOutScreens = \{\n([\s\S]*?)\n\} satisfies/.exec(source)?.[1] ?? '';
  const imported = (code: string) => /import\('@halsa\/ui\/screens\/([\w/-]+)'\)/.exec(code)?.[1];
  const entries = table.split(/\n {2}(?=')/);
  return Object.fromEntries(
    entries.map((entry) => {
      const [, key, value] = /^\s*'([\w/-]+)':\s*([\s\S]*)$/.exec(entry) ?? [];
      const named = /^(\w+),?$/.exec(value?.trim() ?? '')?.[1];
      const code = named
        ? new RegExp(`export const ${named}\\b[\\s\\S]*?\\);\\n`).exec(source)?.[0]
        : value;
      return [key ?? entry, code ? imported(code) : undefined];
    }),
  );
}

describe('signed-out routes', () => {
  test('the check reads an inline loader and a named one, and sees a wrong folder', () => {
    const source = [
      "export const Terms = screen(async () => (await import('@halsa/ui/screens/b/c')).T);",
      'const signedOutScreens = {',
      "  'a/b': screen(async () => (await import('@halsa/ui/screens/a/x')).A),",
      "  'b/c': Terms,",
      '} satisfies Record;',
    ].join('\n');
    expect(loaderFolders(source)).toEqual({ 'a/b': 'a/x', 'b/c': 'b/c' });
  });

  test("each page's screen folder has a chunk, and the router loads that folder", () => {
    const folders = [...new Set(signedOutPages.map((page) => page.screen))];
    expect(folders.filter((folder) => !existsSync(join(screens, folder, 'index.ts')))).toEqual([]);
    const loaders = loaderFolders(router);
    expect(Object.keys(loaders).sort()).toEqual(folders.sort());
    expect(loaders).toEqual(Object.fromEntries(folders.map((folder) => [folder, folder])));
  });
});
