import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Form, FormVersion } from '../contract/forms.ts';
import { mutationKey } from '../keys.ts';
import { formKey } from './use-form.ts';

export interface DeleteFormQuestionArgs {
  sectionId: Id;
  questionId: Id;
  /** The version the editor last saw; a stale one is a 409. */
  version?: number;
}

/** `DELETE /api/v1/admin/forms/:id/sections/:sectionId/questions/:questionId`: the new version. */
export const deleteFormQuestion = (
  formId: Id,
  { sectionId, questionId, version }: DeleteFormQuestionArgs,
): Promise<FormVersion> =>
  call('deleteFormQuestion', { params: { id: formId, sectionId, questionId }, query: { version } });

/** `trigger({ sectionId, questionId })`; removes the question from the cached form. */
export function useDeleteFormQuestion(formId: Id) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<undefined, ApiError, string, DeleteFormQuestionArgs>(
    `${mutationKey('deleteFormQuestion')} #${formId}`,
    async (_key, { arg }) => {
      const { version } = await deleteFormQuestion(formId, arg);
      await mutate<Form>(
        formKey(formId),
        (form) =>
          form && {
            ...form,
            version,
            sections: form.sections.map((s) =>
              s.id === arg.sectionId
                ? { ...s, questions: s.questions.filter((q) => q.id !== arg.questionId) }
                : s,
            ),
          },
        { revalidate: false },
      );
      return undefined;
    },
    { throwOnError: true },
  );
}
