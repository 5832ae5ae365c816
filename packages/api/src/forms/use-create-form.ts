import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Form } from '../contract/forms.ts';
import { mutationKey } from '../keys.ts';
import { formKey } from './use-form.ts';
import { isFormSummariesKey } from './use-form-summaries.ts';

/** `POST /api/v1/admin/forms` with `{}` → a draft with one blank section. */
export const createForm = (): Promise<Form> => call('createForm', { body: {} });

export const CREATE_FORM_KEY = mutationKey('createForm');

export function useCreateForm() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Form, ApiError, string>(
    CREATE_FORM_KEY,
    async () => {
      const form = await createForm();
      await mutate(formKey(form.id), form, { revalidate: false });
      await mutate(isFormSummariesKey);
      return form;
    },
    { throwOnError: true },
  );
}
