import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Form, UpdateFormRequest } from '../contract/forms.ts';
import { mutationKey } from '../keys.ts';
import { formKey } from './use-form.ts';
import { isFormSummariesKey } from './use-form-summaries.ts';

/** `PUT /api/v1/admin/forms/:id` with the edited form. */
export const updateForm = (id: Id, body: UpdateFormRequest): Promise<Form> =>
  call('updateForm', { params: { id }, body });

export function useUpdateForm(id: Id) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Form, ApiError, string, UpdateFormRequest>(
    mutationKey('updateForm', { id }),
    async (_key, { arg }) => {
      const form = await updateForm(id, arg);
      await mutate(formKey(id), form, { revalidate: false });
      await mutate(isFormSummariesKey);
      return form;
    },
    { throwOnError: true },
  );
}
