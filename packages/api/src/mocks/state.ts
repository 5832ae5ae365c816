// The mutable world the default handlers read and change, so interactions stick within a story
// (marking a notification read changes the next GET). Call `resetMockState()` before each story
// or test to start again from the fixtures.
import type {
  CareTeamSetting,
  ActivityLog,
  Appointment,
  Client,
  ClientJournal,
  FileEntry,
  Form,
  Id,
  JournalNote,
  JournalSettings,
  LabResultEntry,
  LabResultsOverview,
  Notification,
  NoticeKind,
  NoticeMailSettings,
  SessionUser,
  UserStats,
} from '../contract/index.ts';
import {
  careTeamSettingFixture,
  accountFixtures,
  activityLogFixtures,
  actionPlanFixtures,
  appointmentFixtures,
  clientFixtures,
  clientJournalFixtures,
  conversationFixtures,
  dailyNoteFixtures,
  demoUsers,
  FIRST_FREE_MESSAGE_ID,
  formFixtures,
  journalNoteFixtures,
  journalSettingsFixture,
  labFileFixtures,
  labResultsFixtures,
  notificationFixtures,
  sessionUsers,
  userStatsFixture,
  type DemoUser,
  type MockAccount,
  type StoredConversation,
} from './fixtures/index.ts';
import { careTeamStateFixture, type CareTeamMockState } from './fixtures/care-team.ts';
import { questionnaireFixtures, type StoredQuestionnaire } from './fixtures/questionnaires.ts';
import { securityStateFixture, type SecurityMockState } from './fixtures/security.ts';

/** The mocks' "now", so exports and new items have stable dates near the fixtures. */
export const MOCK_NOW = '2026-11-21T10:00:00.000Z';

export interface MockState {
  /** Who the mocked server thinks is signed in; `null` → 401 on signed-in calls. */
  sessionUser: SessionUser | null;
  users: DemoUser[];
  /** Status, lock and last activity of accounts by user id (missing → active, unlocked). */
  accounts: Record<Id, MockAccount>;
  /** The clinic's 'Åtkomst endast via vårdteam' (design §4.14). */
  careTeamSetting: CareTeamSetting;
  clients: Client[];
  notifications: Notification[];
  /** 'E-postavisering': what each user changed from her role's defaults, by user id. */
  noticeMailSettings: Record<Id, Partial<NoticeMailSettings>>;
  /** Kinds turned off through the public unsubscribe link, in order. */
  unsubscribed: NoticeKind[];
  conversations: StoredConversation[];
  /** Files uploaded in messages, by the file id in their URL (fixtures' files have none). */
  messageFiles: Record<string, Blob>;
  /** The signed-in user's own journal when they have none in `clientJournals`. */
  dailyNotes: ClientJournal['dailyNotes'];
  clientJournals: Record<Id, ClientJournal>;
  /** Notes with their answers (the fill-in page); each also shows in `clientJournals`. */
  journalNotes: JournalNote[];
  journalSettings: JournalSettings;
  forms: Form[];
  /** Questionnaires sent to clients, with their answers (design §4.19). */
  questionnaires: StoredQuestionnaire[];
  labFiles: Record<Id, LabResultEntry[]>;
  /** A client's own lab page (files with values), by client id. */
  labResults: Record<Id, LabResultsOverview>;
  actionPlans: Record<Id, FileEntry[]>;
  activityLogs: ActivityLog[];
  appointments: Appointment[];
  userStats: UserStats;
  /** Care teams, emergency accesses and the log follow-up (design §4.14). */
  careTeam: CareTeamMockState;
  /** Strong sign-in (design §4.17): methods by user and the clinic's sign-in settings. */
  security: SecurityMockState;
  /** twoFactorId → user id, between login and verify. */
  pendingTwoFactor: Record<string, Id>;
  nextId: number;
  /** Bumped by every reset; session scenarios use it to apply once per reset. */
  generation: number;
}

const initialState = (generation: number): MockState => ({
  sessionUser: { ...sessionUsers.admin },
  users: structuredClone(demoUsers as readonly DemoUser[]) as DemoUser[],
  accounts: structuredClone(accountFixtures),
  careTeamSetting: { ...careTeamSettingFixture },
  clients: structuredClone(clientFixtures),
  notifications: structuredClone(notificationFixtures),
  noticeMailSettings: {},
  unsubscribed: [],
  conversations: structuredClone(conversationFixtures),
  messageFiles: {},
  dailyNotes: structuredClone(dailyNoteFixtures),
  clientJournals: structuredClone(clientJournalFixtures),
  journalNotes: structuredClone(journalNoteFixtures),
  journalSettings: { ...journalSettingsFixture },
  forms: structuredClone(formFixtures),
  questionnaires: structuredClone(questionnaireFixtures),
  labFiles: structuredClone(labFileFixtures),
  labResults: structuredClone(labResultsFixtures),
  actionPlans: structuredClone(actionPlanFixtures),
  activityLogs: structuredClone(activityLogFixtures),
  appointments: structuredClone(appointmentFixtures),
  userStats: { ...userStatsFixture },
  careTeam: careTeamStateFixture(),
  security: securityStateFixture(),
  pendingTwoFactor: {},
  nextId: Math.max(FIRST_FREE_MESSAGE_ID, 10_000),
  generation,
});

/** The live state. Read it in tests to assert what a screen changed. */
export const mockState: MockState = initialState(0);

/**
 * Back to the fixtures (optionally with changes), e.g.
 * `resetMockState({ sessionUser: sessionUsers.user })` or `resetMockState({ notifications: [] })`.
 */
export function resetMockState(overrides: Partial<Omit<MockState, 'generation'>> = {}): MockState {
  Object.assign(mockState, initialState(mockState.generation + 1), overrides);
  return mockState;
}

/** Signs a user in (or out with `null`) on the mocked server. */
export function setMockSessionUser(user: SessionUser | null): void {
  mockState.sessionUser = user ? { ...user } : null;
}

export const nextMockId = (): number => mockState.nextId++;

export const findUser = (id: Id): DemoUser | undefined => mockState.users.find((u) => u.id === id);
