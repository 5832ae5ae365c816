// Paging and search of the growing lists in the mocks (design.md §4.13), the way the server
// does it: a bare call answers the whole list, `page`/`size` one page of `{ items, total, … }`.
import { DEFAULT_PAGE_SIZE, isPageRequest, type Page } from '../../contract/common.ts';
import { HttpResponse } from './respond.ts';

export interface PageOptions<T> {
  /** The text a row is searched by with `q` (case-insensitive, each word anywhere in it). */
  searchText?: (row: T) => string;
  /** Sorts a copy by the `sort`/`order` query; without it, the list's own order. */
  sort?: (rows: T[], sort: string | null, order: 'asc' | 'desc') => T[];
}

/** Answers `rows` for `request`'s query: filtered by `q`, sorted, then the whole list or a page. */
export function answerPage<T>(rows: readonly T[], request: Request, options: PageOptions<T> = {}) {
  const query = new URL(request.url).searchParams;
  // Like the server: every word of `q` somewhere in the row's text, in any order.
  const words = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const { searchText } = options;
  let found =
    words.length > 0 && searchText
      ? rows.filter((r) => {
          const text = searchText(r).toLowerCase();
          return words.every((w) => text.includes(w));
        })
      : [...rows];
  if (options.sort) {
    found = options.sort(found, query.get('sort'), query.get('order') === 'desc' ? 'desc' : 'asc');
  }
  const page = query.get('page');
  const size = query.get('size');
  if (!isPageRequest({ page: page ?? undefined, size: size ?? undefined })) {
    return HttpResponse.json(found);
  }
  const p = Math.max(1, Number(page ?? 1));
  const n = Math.min(200, Math.max(1, Number(size ?? DEFAULT_PAGE_SIZE)));
  const body: Page<T> = {
    items: found.slice((p - 1) * n, p * n),
    total: found.length,
    page: p,
    size: n,
  };
  return HttpResponse.json(body);
}
