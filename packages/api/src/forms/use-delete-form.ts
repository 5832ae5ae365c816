import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { FormSummary } from '../contract/forms.ts';
import { mutationKey } from '../keys.ts';
import { formKey } from './use-form.ts';
import { FORM_SUMMARIES_KEY, isFormSummariesKey } from './use-form-summaries.ts';

/** `DELETE /api/v1/admin/forms/:id`. */
export const deleteForm = (id: Id): Promise<undefined> => call('deleteForm', { params: { id } });

export const DELETE_FORM_KEY = mutationKey('deleteForm');

/** `trigger(formId)`; removes it from the cached summaries (list and pages) on success. */
export function useDeleteForm() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<undefined, ApiError, string, Id>(
    DELETE_FORM_KEY,
    async (_key, { arg: id }) => {
      await deleteForm(id);
      await mutate<FormSummary[]>(FORM_SUMMARIES_KEY, (list) => list?.filter((f) => f.id !== id), {
        revalidate: true,
      });
      // Pages shift when a row goes: fetch them again.
      await mutate((key) => key !== FORM_SUMMARIES_KEY && isFormSummariesKey(key));
      await mutate(formKey(id), undefined, { revalidate: false });
      return undefined;
    },
    { throwOnError: true },
  );
}
