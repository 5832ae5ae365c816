// Every signed-in page with a skeleton in config/pages.ts is drawn by its screen through `Page`
// (issue 37), and `Page` paints the title, column width and lead in the same boxes as that
// page's first HTML (screens/shell/shell-skeleton, issue 26): a screen can no longer hand-write
// a title or width that drifts from pages.ts and from its first paint.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { Page, pageSkeleton, type SkeletonPageId } from '../../../components/page/page';
import { signedInPages, type PageSkeleton } from '../../../config/pages';
import { ShellSkeleton } from './shell-skeleton';

const screensDir = join(import.meta.dirname, '../..');

const withSkeleton = signedInPages.flatMap((page) =>
  'skeleton' in page ? [{ id: page.id as SkeletonPageId, screen: page.screen }] : [],
);

/** The screen files (no stories, no tests) under `dir`, with their text. */
function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx$/.test(e.name) && !/\.(stories|test)\.tsx$/.test(e.name))
    .map((e) => {
      const file = join(e.parentPath, e.name);
      return { file: relative(screensDir, file), text: readFileSync(file, 'utf8') };
    });
}

/** The file under the page's screen folder that draws `<Page page="id">`, if one does. */
export function drawnBy(files: { file: string; text: string }[], id: string) {
  const uses = new RegExp(`<Page\\b[^>]*?\\spage="${id}"`, 's');
  return files.filter((f) => uses.test(f.text));
}

/** The h1 and the lead line of some markup, ids dropped (useId's differ). */
function titleAndLead(html: string) {
  const h1 = /<h1[^>]*>.*?<\/h1>/s.exec(html)?.[0].replace(/ id="[^"]*"/, '');
  const lead = /<p class="text-fg-muted">.*?<\/p>/s.exec(html)?.[0];
  return { h1, lead };
}

describe('Page', () => {
  test('the check finds the file that draws a page, across lines, and no other', () => {
    const files = [
      { file: 'a.tsx', text: '<Page\n  page="journal"\n  gap="gap-4"\n>' },
      { file: 'b.tsx', text: '<section><h1>Journal</h1></section>' },
      { file: 'c.tsx', text: '<Page page="journalSettings" gap="gap-4">' },
    ];
    expect(drawnBy(files, 'journal').map((f) => f.file)).toEqual(['a.tsx']);
    expect(drawnBy(files, 'staff')).toEqual([]);
  });

  test('every page with a skeleton is drawn through Page by one file of its screen, with no h1 of its own', () => {
    expect(withSkeleton.length).toBeGreaterThan(15);
    const misses = withSkeleton.flatMap(({ id, screen }) => {
      const drawing = drawnBy(sources(join(screensDir, screen)), id);
      if (drawing.length !== 1) return [`${id}: drawn by ${drawing.length} files of ${screen}`];
      const own = /<h1\b/.test(drawing[0]!.text);
      return own ? [`${id}: ${drawing[0]!.file} writes an h1 of its own beside Page`] : [];
    });
    expect(misses).toEqual([]);
  });

  test.each(withSkeleton)(
    '$id: Page paints the title, width and lead of its first HTML, in the same boxes',
    ({ id }) => {
      const skeleton: PageSkeleton = pageSkeleton(id);
      const page = renderToStaticMarkup(createElement(Page, { page: id, gap: 'gap-6' }));
      const first = renderToStaticMarkup(createElement(ShellSkeleton, { page: skeleton }));

      expect(page).toMatch(
        new RegExp(`^<section aria-labelledby="[^"]+" class="mx-auto flex ${skeleton.width} `),
      );
      expect(page).toContain(`>${skeleton.title}</h1>`);
      const painted = titleAndLead(page);
      expect(painted.h1).toBeDefined();
      expect(painted).toEqual(titleAndLead(first));
      if (skeleton.lead) expect(painted.lead).toContain(skeleton.lead);
      else expect(painted.lead).toBeUndefined();
    },
  );

  test('the section is named by its h1, and actions sit beside the title', () => {
    const html = renderToStaticMarkup(
      createElement(Page, {
        page: 'staff',
        gap: 'gap-4',
        actions: createElement('button', { type: 'button' }, 'Lägg till'),
      }),
    );
    const label = /aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<h1 id="${label}" class="text-2xl font-semibold">Personal</h1>`);
    expect(html).toMatch(
      /<div class="flex flex-wrap items-center justify-between gap-3"><h1 [^>]*>Personal<\/h1><button/,
    );
  });
});
