import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiError } from '../client.ts';
import type { FormSummary } from '../contract/forms.ts';
import { keyFor } from '../keys.ts';
import { callList } from '../paging.ts';

/** `GET /api/v1/admin/forms/getSummaries`. */
export const fetchFormSummaries = (): Promise<FormSummary[]> =>
  callList<FormSummary>('formSummaries');

export const FORM_SUMMARIES_KEY = keyFor('formSummaries');

export function useFormSummaries(config?: SWRConfiguration<FormSummary[], ApiError>) {
  const swr = useSWR<FormSummary[], ApiError>(FORM_SUMMARIES_KEY, fetchFormSummaries, config);
  return { ...swr, forms: swr.data };
}
