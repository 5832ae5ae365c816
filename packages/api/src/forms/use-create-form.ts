import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Form, FormPurpose } from '../contract/forms.ts';
import { mutationKey } from '../keys.ts';
import { formKey } from './use-form.ts';
import { isFormSummariesKey } from './use-form-summaries.ts';

/**
 * `POST /api/v1/admin/forms` → a draft with one blank section; `purpose` 'QUESTIONNAIRE' makes
 * an 'Enkät till klient' (design §4.19), left out a journal form.
 */
export const createForm = (purpose?: FormPurpose): Promise<Form> =>
  call('createForm', { body: purpose ? { purpose } : {} });

export const CREATE_FORM_KEY = mutationKey('createForm');

export function useCreateForm() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Form, ApiError, string, FormPurpose | undefined>(
    CREATE_FORM_KEY,
    async (_key, { arg }) => {
      const form = await createForm(arg);
      await mutate(formKey(form.id), form, { revalidate: false });
      await mutate(isFormSummariesKey);
      return form;
    },
    { throwOnError: true },
  );
}
