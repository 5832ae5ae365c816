import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { QuestionnaireDetail, QuestionnaireSummary } from '../contract/questionnaires.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/user/questionnaires`: her own, open ones first (design §4.19). */
export const fetchMyQuestionnaires = (): Promise<QuestionnaireSummary[]> =>
  call('myQuestionnaires');

export const MY_QUESTIONNAIRES_KEY = keyFor('myQuestionnaires');

export function useMyQuestionnaires(config?: SWRConfiguration<QuestionnaireSummary[], ApiError>) {
  const swr = useSWR<QuestionnaireSummary[], ApiError>(
    MY_QUESTIONNAIRES_KEY,
    fetchMyQuestionnaires,
    config,
  );
  return { ...swr, questionnaires: swr.data };
}

/** `GET /api/v1/user/questionnaires/:id`: the questions and her answers so far. */
export const fetchMyQuestionnaire = (id: Id): Promise<QuestionnaireDetail> =>
  call('myQuestionnaire', { params: { id } });

export const myQuestionnaireKey = (id: Id): string => keyFor('myQuestionnaire', { id });

export function useMyQuestionnaire(
  id: Id | null | undefined,
  config?: SWRConfiguration<QuestionnaireDetail, ApiError>,
) {
  const swr = useSWR<QuestionnaireDetail, ApiError>(
    id == null ? null : myQuestionnaireKey(id),
    () => fetchMyQuestionnaire(id as Id),
    config,
  );
  return { ...swr, questionnaire: swr.data };
}
