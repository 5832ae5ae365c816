import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type {
  QuestionnaireDetail,
  QuestionnaireSaved,
  SaveQuestionnaireAnswersRequest,
} from '../contract/questionnaires.ts';
import { mutationKey } from '../keys.ts';
import { MY_QUESTIONNAIRES_KEY, myQuestionnaireKey } from './use-my-questionnaires.ts';

export interface SaveQuestionnaireAnswersArgs extends SaveQuestionnaireAnswersRequest {
  id: Id;
}

/** `PUT /api/v1/user/questionnaires/:id/answers` (autosave; a stale version is a 409). */
export const saveQuestionnaireAnswers = ({
  id,
  ...body
}: SaveQuestionnaireAnswersArgs): Promise<QuestionnaireSaved> =>
  call('saveQuestionnaireAnswers', { params: { id }, body });

export const SAVE_QUESTIONNAIRE_ANSWERS_KEY = mutationKey('saveQuestionnaireAnswers');

/** Saves her answers; the cached questionnaire takes the new version and answers. */
export function useSaveQuestionnaireAnswers() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<QuestionnaireSaved, ApiError, string, SaveQuestionnaireAnswersArgs>(
    SAVE_QUESTIONNAIRE_ANSWERS_KEY,
    async (_key, { arg }) => {
      const saved = await saveQuestionnaireAnswers(arg);
      await mutate(
        myQuestionnaireKey(arg.id),
        (current?: QuestionnaireDetail) =>
          current && { ...current, version: saved.version, answers: arg.answers },
        { revalidate: false },
      );
      return saved;
    },
    { throwOnError: true },
  );
}

/** `POST /api/v1/user/questionnaires/:id/submit` ('Skicka in'): answers the frozen questionnaire. */
export const submitQuestionnaire = (id: Id): Promise<QuestionnaireDetail> =>
  call('submitQuestionnaire', { params: { id }, body: {} });

export const SUBMIT_QUESTIONNAIRE_KEY = mutationKey('submitQuestionnaire');

export function useSubmitQuestionnaire() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<QuestionnaireDetail, ApiError, string, { id: Id }>(
    SUBMIT_QUESTIONNAIRE_KEY,
    async (_key, { arg }) => {
      const done = await submitQuestionnaire(arg.id);
      await mutate(myQuestionnaireKey(arg.id), done, { revalidate: false });
      void mutate(MY_QUESTIONNAIRES_KEY);
      return done;
    },
    { throwOnError: true },
  );
}
