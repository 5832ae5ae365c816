import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Form } from '../contract/forms.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/forms/:id`. */
export const fetchForm = (id: Id): Promise<Form> => call('form', { params: { id } });

export const formKey = (id: Id): string => keyFor('form', { id });

export function useForm(id: Id | null | undefined, config?: SWRConfiguration<Form, ApiError>) {
  const swr = useSWR<Form, ApiError>(
    id == null ? null : formKey(id),
    () => fetchForm(id as Id),
    config,
  );
  return { ...swr, form: swr.data };
}
