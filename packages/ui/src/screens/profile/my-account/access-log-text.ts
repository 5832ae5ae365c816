// What a line of 'Vem har läst mina uppgifter' says, in her words (design §4.20): 'Läste din
// journal och dina provsvar.', 'Såg ditt namn i klientlistan.', then what was changed.
import { activityActionLabels, type ActivityAction } from '@halsa/api';
import { listInSwedish } from '../../../lib/genitive';

const READ: Partial<Record<ActivityAction, string>> = {
  CLIENT_VIEWED: 'dina kontaktuppgifter',
  ACCOUNT_STATE_VIEWED: 'dina kontaktuppgifter',
  JOURNAL_VIEWED: 'din journal',
  LAB_RESULTS_VIEWED: 'dina provsvar',
  LAB_RESULT_DOWNLOADED: 'dina provsvar',
  ACTION_PLANS_VIEWED: 'din handlingsplan',
  ACTION_PLAN_DOWNLOADED: 'din handlingsplan',
  CONVERSATION_READ: 'era meddelanden',
  MESSAGE_READ: 'era meddelanden',
  CONVERSATION_DOWNLOADED: 'era meddelanden',
  MESSAGE_ATTACHMENT_DOWNLOADED: 'era meddelanden',
  APPOINTMENTS_VIEWED: 'dina bokningar',
  CARE_TEAM_VIEWED: 'ditt vårdteam',
  QUESTIONNAIRES_VIEWED: 'dina enkätsvar',
  SIGN_IN_METHODS_VIEWED: 'dina inloggningsmetoder',
};

const LISTED: Partial<Record<ActivityAction, string>> = {
  CLIENT_LIST_VIEWED: 'klientlistan',
  ACTIVITY_LOG_VIEWED: 'aktivitetsloggen',
  ACTIVITY_LOG_EXPORTED: 'aktivitetsloggen',
  CONVERSATION_LIST_VIEWED: 'meddelandelistan',
  MESSAGE_PUSHED: 'meddelandelistan',
  ACCESS_REVIEW_VIEWED: 'logguppföljningen',
  CLIENT_LOOKED_UP: 'en sökning på personnummer',
};

const unique = (parts: (string | undefined)[]) => [
  ...new Set(parts.filter((p): p is string => Boolean(p))),
];

/** The sentences of one line, from the kinds of rows that day. */
export function accessLineText(actions: readonly ActivityAction[]): string[] {
  const reads = unique(actions.map((a) => READ[a]));
  const listed = unique(actions.map((a) => LISTED[a]));
  const changed = actions.filter(
    (a) => !READ[a] && !LISTED[a] && a !== 'EMERGENCY_ACCESS' && a !== 'EMERGENCY_ACCESS_CLOSED',
  );
  return [
    ...(reads.length > 0 ? [`Läste ${listInSwedish(reads)}.`] : []),
    ...(listed.length > 0 ? [`Såg ditt namn i ${listInSwedish(listed)}.`] : []),
    ...changed.map((a) => `${activityActionLabels[a]}.`),
  ];
}
