import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Form } from '../contract/forms.ts';
import { mutationKey } from '../keys.ts';
import { formKey } from './use-form.ts';

/** `DELETE /api/v1/admin/forms/:id/sections/:sectionId`. */
export const deleteFormSection = (formId: Id, sectionId: Id): Promise<undefined> =>
  call('deleteFormSection', { params: { id: formId, sectionId } });

/** `trigger(sectionId)`; removes the section from the cached form on success. */
export function useDeleteFormSection(formId: Id) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<undefined, ApiError, string, Id>(
    `${mutationKey('deleteFormSection')} #${formId}`,
    async (_key, { arg: sectionId }) => {
      await deleteFormSection(formId, sectionId);
      await mutate<Form>(
        formKey(formId),
        (form) => form && { ...form, sections: form.sections.filter((s) => s.id !== sectionId) },
        { revalidate: false },
      );
      return undefined;
    },
    { throwOnError: true },
  );
}
