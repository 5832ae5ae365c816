// The 'Läste' line of an emergency access on 'Logguppföljning' (design §4.20): what was read
// under it in Swedish that reads as Swedish ('klientöversikt, journal och 3 provsvarsfiler').
import { activityActionLabels, type ActivityAction, type EmergencyAccessReview } from '@halsa/api';
import { listInSwedish } from '../../../lib/genitive';

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a kind of log row says was read, as a part of the card's 'Läste' line. */
const READ_PHRASES: Partial<Record<ActivityAction, (n: number) => string>> = {
  CLIENT_VIEWED: () => 'klientöversikt',
  JOURNAL_VIEWED: () => 'journal',
  LAB_RESULTS_VIEWED: () => 'provsvar',
  LAB_RESULT_DOWNLOADED: (n) => counted(n, 'provsvarsfil', 'provsvarsfiler'),
  ACTION_PLANS_VIEWED: () => 'handlingsplan',
  ACTION_PLAN_DOWNLOADED: (n) => counted(n, 'handlingsplansfil', 'handlingsplansfiler'),
  CONVERSATION_READ: () => 'meddelanden',
  MESSAGE_READ: () => 'meddelanden',
  CONVERSATION_LIST_VIEWED: () => 'senaste meddelandet',
  CONVERSATION_DOWNLOADED: () => 'nedladdad konversation',
  MESSAGE_ATTACHMENT_DOWNLOADED: (n) => counted(n, 'bilaga', 'bilagor'),
  APPOINTMENTS_VIEWED: () => 'bokningar',
  CARE_TEAM_VIEWED: () => 'vårdteam',
  ACTIVITY_LOG_VIEWED: () => 'aktivitetslogg',
  ACCOUNT_STATE_VIEWED: () => 'kontots status',
  CLIENT_LIST_VIEWED: () => 'klientlistan',
  CLIENT_LOOKED_UP: () => 'sökning på personnummer',
  QUESTIONNAIRES_VIEWED: () => 'enkätsvar',
};

/** An action without a phrase of its own: its Swedish label, never the code. */
const phrase = (action: ActivityAction, count: number): string =>
  READ_PHRASES[action]?.(count) ?? (activityActionLabels[action] ?? 'annan uppgift').toLowerCase();

/** 'klientöversikt, journal och 3 provsvarsfiler', or 'inget' when nothing was read. */
export function readText(read: EmergencyAccessReview['read']): string {
  const parts = read
    .filter((r) => r.action !== 'EMERGENCY_ACCESS' && r.action !== 'EMERGENCY_ACCESS_CLOSED')
    .map((r) => phrase(r.action, r.count));
  return parts.length === 0 ? 'inget' : listInSwedish([...new Set(parts)]);
}
