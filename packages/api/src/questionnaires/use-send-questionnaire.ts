import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type {
  QuestionnaireSummary,
  SendQuestionnairesRequest,
  SendQuestionnairesResult,
  StaffQuestionnaire,
} from '../contract/questionnaires.ts';
import { keyFor, mutationKey } from '../keys.ts';

/** `GET /api/v1/admin/users/:id/questionnaires`: a client's questionnaires for her care team. */
export const fetchClientQuestionnaires = (clientId: Id): Promise<StaffQuestionnaire[]> =>
  call('clientQuestionnaires', { params: { id: clientId } });

export const clientQuestionnairesKey = (clientId: Id): string =>
  keyFor('clientQuestionnaires', { id: clientId });

export function useClientQuestionnaires(
  clientId: Id | null | undefined,
  config?: SWRConfiguration<StaffQuestionnaire[], ApiError>,
) {
  const swr = useSWR<StaffQuestionnaire[], ApiError>(
    clientId == null ? null : clientQuestionnairesKey(clientId),
    () => fetchClientQuestionnaires(clientId as Id),
    config,
  );
  return { ...swr, questionnaires: swr.data };
}

export interface SendQuestionnaireArgs {
  clientId: Id;
  formId: Id;
  dueDate?: string | null;
}

/** `POST /api/v1/admin/users/:id/questionnaires` ('Skicka enkät'). */
export const sendQuestionnaire = ({
  clientId,
  ...body
}: SendQuestionnaireArgs): Promise<QuestionnaireSummary> =>
  call('sendQuestionnaire', { params: { id: clientId }, body });

export const SEND_QUESTIONNAIRE_KEY = mutationKey('sendQuestionnaire');

export function useSendQuestionnaire() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<QuestionnaireSummary, ApiError, string, SendQuestionnaireArgs>(
    SEND_QUESTIONNAIRE_KEY,
    async (_key, { arg }) => {
      const sent = await sendQuestionnaire(arg);
      void mutate(clientQuestionnairesKey(arg.clientId));
      return sent;
    },
    { throwOnError: true },
  );
}

/** `POST /api/v1/admin/questionnaires/send`: to several selected clients at once. */
export const sendQuestionnaires = (
  body: SendQuestionnairesRequest,
): Promise<SendQuestionnairesResult> => call('sendQuestionnaires', { body });

export const SEND_QUESTIONNAIRES_KEY = mutationKey('sendQuestionnaires');

export function useSendQuestionnaires() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<SendQuestionnairesResult, ApiError, string, SendQuestionnairesRequest>(
    SEND_QUESTIONNAIRES_KEY,
    async (_key, { arg }) => {
      const result = await sendQuestionnaires(arg);
      await Promise.all(arg.clientIds.map((id) => mutate(clientQuestionnairesKey(id))));
      return result;
    },
    { throwOnError: true },
  );
}
