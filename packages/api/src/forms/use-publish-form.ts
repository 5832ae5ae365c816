import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Form } from '../contract/forms.ts';
import { mutationKey } from '../keys.ts';
import { formKey } from './use-form.ts';
import { isFormSummariesKey } from './use-form-summaries.ts';

/** `PUT /api/v1/admin/forms/:id/publish`: draft → published. */
export const publishForm = (id: Id): Promise<Form> => call('publishForm', { params: { id } });

export const PUBLISH_FORM_KEY = mutationKey('publishForm');

/** `trigger(formId)`. */
export function usePublishForm() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Form, ApiError, string, Id>(
    PUBLISH_FORM_KEY,
    async (_key, { arg: id }) => {
      const form = await publishForm(id);
      await mutate(formKey(id), form, { revalidate: false });
      await mutate(isFormSummariesKey);
      return form;
    },
    { throwOnError: true },
  );
}
