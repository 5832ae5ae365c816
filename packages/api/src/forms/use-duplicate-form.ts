import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Form } from '../contract/forms.ts';
import { mutationKey } from '../keys.ts';
import { formKey } from './use-form.ts';
import { isFormSummariesKey } from './use-form-summaries.ts';

/** `POST /api/v1/admin/forms/:id/duplicate` → the copy (a draft). */
export const duplicateForm = (id: Id): Promise<Form> => call('duplicateForm', { params: { id } });

export const DUPLICATE_FORM_KEY = mutationKey('duplicateForm');

/** `trigger(formId)`. */
export function useDuplicateForm() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Form, ApiError, string, Id>(
    DUPLICATE_FORM_KEY,
    async (_key, { arg: id }) => {
      const copy = await duplicateForm(id);
      await mutate(formKey(copy.id), copy, { revalidate: false });
      await mutate(isFormSummariesKey);
      return copy;
    },
    { throwOnError: true },
  );
}
