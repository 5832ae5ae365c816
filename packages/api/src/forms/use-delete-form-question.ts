import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { Form } from '../contract/forms.ts';
import { mutationKey } from '../keys.ts';
import { formKey } from './use-form.ts';

export interface DeleteFormQuestionArgs {
  sectionId: Id;
  questionId: Id;
}

/** `DELETE /api/v1/admin/forms/:id/sections/:sectionId/questions/:questionId`. */
export const deleteFormQuestion = (formId: Id, { sectionId, questionId }: DeleteFormQuestionArgs) =>
  call('deleteFormQuestion', { params: { id: formId, sectionId, questionId } });

/** `trigger({ sectionId, questionId })`; removes the question from the cached form. */
export function useDeleteFormQuestion(formId: Id) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<undefined, ApiError, string, DeleteFormQuestionArgs>(
    `${mutationKey('deleteFormQuestion')} #${formId}`,
    async (_key, { arg }) => {
      await deleteFormQuestion(formId, arg);
      await mutate<Form>(
        formKey(formId),
        (form) =>
          form && {
            ...form,
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
