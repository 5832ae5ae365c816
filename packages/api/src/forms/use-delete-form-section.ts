import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Form, FormVersion } from '../contract/forms.ts';
import { mutationKey } from '../keys.ts';
import { formKey } from './use-form.ts';

/**
 * `DELETE /api/v1/admin/forms/:id/sections/:sectionId`, with the `version` the editor last saw
 * (a stale one is a 409); answers the form's new version.
 */
export const deleteFormSection = (
  formId: Id,
  sectionId: Id,
  version?: number,
): Promise<FormVersion> =>
  call('deleteFormSection', { params: { id: formId, sectionId }, query: { version } });

/** `trigger(sectionId)`; removes the section from the cached form on success. */
export function useDeleteFormSection(formId: Id) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<undefined, ApiError, string, Id>(
    `${mutationKey('deleteFormSection')} #${formId}`,
    async (_key, { arg: sectionId }) => {
      const { version } = await deleteFormSection(formId, sectionId);
      await mutate<Form>(
        formKey(formId),
        (form) =>
          form && {
            ...form,
            version,
            sections: form.sections.filter((s) => s.id !== sectionId),
          },
        { revalidate: false },
      );
      return undefined;
    },
    { throwOnError: true },
  );
}
