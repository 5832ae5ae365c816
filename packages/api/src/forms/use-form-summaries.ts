import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { FormSummary } from '../contract/forms.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/forms/getSummaries`. */
export const fetchFormSummaries = (): Promise<FormSummary[]> => call('formSummaries');

export const FORM_SUMMARIES_KEY = keyFor('formSummaries');

export function useFormSummaries(config?: SWRConfiguration<FormSummary[], ApiError>) {
  const swr = useSWR<FormSummary[], ApiError>(FORM_SUMMARIES_KEY, fetchFormSummaries, config);
  return { ...swr, forms: swr.data };
}
