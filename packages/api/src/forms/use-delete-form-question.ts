import { call } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { FormVersion } from '../contract/forms.ts';

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
