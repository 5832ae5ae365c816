import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiError } from '../client.ts';
import type { PageQuery } from '../contract/common.ts';
import type { FormSummary, FormSummaryPage } from '../contract/forms.ts';
import { keyFor } from '../keys.ts';
import { callList, callPage } from '../paging.ts';

/** `GET /api/v1/admin/forms/getSummaries`: every form (spec §7). */
export const fetchFormSummaries = (): Promise<FormSummary[]> =>
  callList<FormSummary>('formSummaries');

export const FORM_SUMMARIES_KEY = keyFor('formSummaries');

/** Matches the whole list and every page of it: `mutate(isFormSummariesKey)` after a change. */
export const isFormSummariesKey = (key: unknown): boolean =>
  typeof key === 'string' && key.startsWith(FORM_SUMMARIES_KEY);

/** The whole list, e.g. for the 'Välj formulär' modal. */
export function useFormSummaries(config?: SWRConfiguration<FormSummary[], ApiError>) {
  const swr = useSWR<FormSummary[], ApiError>(FORM_SUMMARIES_KEY, fetchFormSummaries, config);
  return { ...swr, forms: swr.data };
}

/**
 * One page of the forms (design §4.13), `q` searching the titles. Keyed by the query, so each
 * page and search is cached on its own; the previous page stays while the next loads.
 */
export const fetchFormSummaryPage = (query: PageQuery): Promise<FormSummaryPage> =>
  callPage<FormSummary>('formSummaries', { query });

export const formSummaryPageKey = (query: PageQuery): string =>
  keyFor('formSummaries', undefined, { page: 1, ...query });

export function useFormSummaryPage(
  query: PageQuery,
  config?: SWRConfiguration<FormSummaryPage, ApiError>,
) {
  const swr = useSWR<FormSummaryPage, ApiError>(
    formSummaryPageKey(query),
    () => fetchFormSummaryPage(query),
    { keepPreviousData: true, ...config },
  );
  return { ...swr, page: swr.data };
}
