// The signed-in app (spec §2.4, §2.5): live connection, session user, the shell layout and
// the route table with each route's roles. Loaded lazily by app.tsx once a user is known.
import { type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { DeferUntilUsable } from '@halsa/api';
import type { Client, SessionUser } from '@halsa/api/contract';
import { LiveProvider } from '@halsa/api/live';
import { cn } from '@halsa/ui/lib/cn.ts';
import { AppShell } from '@halsa/ui/screens/shell/app-shell';
import type { ClientListScreenProps } from '@halsa/ui/screens/clients';
import type { MessagesTabProps } from '@halsa/ui/screens/messaging';
import { paths, signedInPages, type SignedInPageId } from '@halsa/ui/config';
import { RequireRole } from './guards/require-role';
import { preloadOpenedData, preloadOpenedScreen } from './opened-page';
import { lazyPage, screen, TermsOfUse, Unsubscribe } from './router';
import { SessionUserProvider, useSessionUser } from './session/session-context';
import { matchRoutesOnce, useMatchedRoutes } from './use-matched-routes';
import { WhenShown } from './when-shown';

// The widget's Meddelande tab loads when it is first opened: it validates live messages and its
// form with the contract's zod schemas, which the shell and /overview never need (issue 14).
const MessagesTab = screen<MessagesTabProps>(
  async () => (await import('@halsa/ui/screens/messaging')).MessagesTab,
);

// Signed-in screens.
const Overview = screen(
  async () => (await import('@halsa/ui/screens/shell/overview')).OverviewScreen,
);
const LabResults = screen(
  async () => (await import('@halsa/ui/screens/lab-results')).LabResultsScreen,
);
const ActionPlan = screen(
  async () => (await import('@halsa/ui/screens/action-plan')).ActionPlanScreen,
);
const Journal = screen(
  async () => (await import('@halsa/ui/screens/journal/my-journal')).MyJournalScreen,
);
const Questionnaires = screen(
  async () =>
    (await import('@halsa/ui/screens/questionnaires/my-questionnaires')).MyQuestionnairesScreen,
);
const AnswerQuestionnaire = screen(
  async () =>
    (await import('@halsa/ui/screens/questionnaires/answer-questionnaire'))
      .AnswerQuestionnaireScreen,
);
const ClientListScreen = screen<ClientListScreenProps>(
  async () => (await import('@halsa/ui/screens/clients')).ClientListScreen,
);
const SendQuestionnaires = screen<{ clients: Client[] }>(
  async () => (await import('@halsa/ui/screens/questionnaires/for-staff')).SendQuestionnaires,
);
// The client list with 'Skicka enkät' to the selected clients (design §4.19).
const Clients = () => (
  <ClientListScreen
    bulkActions={(selected) => lazyPage(<SendQuestionnaires clients={selected} />)}
  />
);
const ClientPagesScreen = screen(
  async () => (await import('@halsa/ui/screens/clients')).ClientPagesScreen,
);
const ClientJournalTab = screen(
  async () => (await import('@halsa/ui/screens/journal/client-journal')).ClientJournalTab,
);
const ClientLabResults = screen(
  async () => (await import('@halsa/ui/screens/lab-results/client-lab-results')).ClientLabResults,
);
// The journal feature builds the client pages' Journal tab and the lab-results feature the
// values under Lab Resultat (design §4.7); the portal composes them.
const JournalNotePage = screen(
  async () => (await import('@halsa/ui/screens/journal/journal-note')).JournalNotePage,
);
// The questionnaires feature's care-team side (design §4.19): 'Skicka enkät' in the client's
// header, her own answers beside her notes on the Journal tab, her open ones on the overview.
const SendQuestionnaire = screen<{ client: Client }>(
  async () => (await import('@halsa/ui/screens/questionnaires/for-staff')).SendQuestionnaire,
);
const ClientQuestionnaireAnswers = screen<{ client: Client }>(
  async () =>
    (await import('@halsa/ui/screens/questionnaires/for-staff')).ClientQuestionnaireAnswers,
);
const OpenQuestionnaires = screen<{ client: Client }>(
  async () => (await import('@halsa/ui/screens/questionnaires/for-staff')).OpenQuestionnaires,
);
// The journal note is nested in the client pages' frame; its route (STAFF and ADMIN; the
// frame answers 403 outside her care team) draws the same.
const ClientPages = () => (
  <ClientPagesScreen
    journalTab={(client) =>
      lazyPage(
        <div className="flex flex-col gap-8">
          <ClientJournalTab client={client} />
          <ClientQuestionnaireAnswers client={client} />
        </div>,
      )
    }
    headerActions={(client) => lazyPage(<SendQuestionnaire client={client} />)}
    overviewExtra={(client) => lazyPage(<OpenQuestionnaires client={client} />)}
    labValues={(client) => lazyPage(<ClientLabResults client={client} />)}
    noteTab={(client) => lazyPage(<JournalNotePage client={client} />)}
  />
);
const Activity = screen(async () => (await import('@halsa/ui/screens/activity')).ActivityLogScreen);
const ActivityReview = screen(
  async () => (await import('@halsa/ui/screens/activity/review')).AccessReviewScreen,
);
const Reports = screen(async () => (await import('@halsa/ui/screens/reports')).ReportsScreen);
const Staff = screen(async () => (await import('@halsa/ui/screens/staff')).StaffScreen);
const Appointments = screen(
  async () => (await import('@halsa/ui/screens/appointments')).AppointmentsScreen,
);
const SelfTest = screen(async () => (await import('@halsa/ui/screens/self-test')).SelfTestScreen);
const MyAccount = screen(async () => (await import('@halsa/ui/screens/profile')).MyAccountScreen);
const ProfileSecurity = screen(
  async () => (await import('@halsa/ui/screens/profile/security')).SecurityScreen,
);
const Notices = screen(
  async () => (await import('@halsa/ui/screens/notifications/notices')).NoticesScreen,
);
const JournalSettings = screen(
  async () => (await import('@halsa/ui/screens/journal/journal-settings')).JournalSettingsScreen,
);
const FormTemplates = screen(
  async () => (await import('@halsa/ui/screens/journal/form-templates')).FormTemplatesScreen,
);
const FormEditor = screen(
  async () => (await import('@halsa/ui/screens/journal/form-editor')).FormEditorScreen,
);

/** Each page of the one page list (@halsa/ui/config's signedInPages) and the screen that draws it. */
const screens: Record<SignedInPageId, ComponentType> = {
  overview: Overview,
  labResults: LabResults,
  actionPlan: ActionPlan,
  journal: Journal,
  questionnaires: Questionnaires,
  questionnaire: AnswerQuestionnaire,
  clients: Clients,
  client: ClientPages,
  clientJournalForm: ClientPages,
  activity: Activity,
  activityReview: ActivityReview,
  reports: Reports,
  staff: Staff,
  appointments: Appointments,
  selfTest: SelfTest,
  myAccount: MyAccount,
  notifications: Notices,
  profileSecurity: ProfileSecurity,
  journalSettings: JournalSettings,
  formTemplates: FormTemplates,
  formEditor: FormEditor,
};

const signedIn = signedInPages.map(({ id, path, roles }) => ({ path, roles, Screen: screens[id] }));
/**
 * A prerendered signed-out page inlines only the signed-out app's rules and names the whole
 * stylesheet in `<meta name="halsa-stylesheet">` (scripts/prerender.mjs, issue 39): signing in
 * on that page brings the whole stylesheet in before the signed-in app's first render.
 */
function wholeStylesheet(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const meta = document.querySelector<HTMLMetaElement>('meta[name="halsa-stylesheet"]');
  if (!meta) return Promise.resolve();
  meta.remove();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = meta.content;
  // Settles either way: a stylesheet that fails leaves the page as readable as before.
  const loaded = new Promise<void>((resolve) => {
    link.onload = link.onerror = () => resolve();
  });
  document.head.append(link);
  return loaded;
}

/**
 * The opened page's chunk, loading beside the shell, not after it (opened-page.ts, issue 14),
 * and the whole stylesheet where the page had only the signed-out app's.
 */
export const openedScreen = Promise.all([preloadOpenedScreen(signedIn), wholeStylesheet()]);

// tailwind-merge builds its class map from cn-table.ts on the first `cn` call, ~40 ms at 12×
// CPU slowdown (issue 39). Called here, while the opened screen's chunk loads, that is a task
// of its own before the first render instead of a piece of it; `cn()` merges nothing.
setTimeout(() => cn());

const toOverview = <Navigate to={paths.overview} replace />;
const messagesTab = (intent: MessagesTabProps['intent']) => (
  <WhenShown>
    <MessagesTab intent={intent} />
  </WhenShown>
);
/** The screens under the shell, with each one's roles: built once, not on every render. */
const screenRoutes: RouteObject[] = signedIn.map(({ path, roles, Screen }) => ({
  path,
  element: <RequireRole roles={roles}>{lazyPage(<Screen />)}</RequireRole>,
}));

/** The shell of the signed-in user (session-context.tsx): the routes need no user of their own. */
function Shell() {
  return <AppShell user={useSessionUser()} messagesTab={messagesTab} />;
}

/**
 * The signed-in route table as route objects, made once, not as `<Route>` elements: `<Routes>`
 * turns its children into these objects again on every render, and on a slowed phone that walk
 * over the twenty-odd routes was most of the first render's longest piece of work (issue 39).
 * The same for every user (the shell reads hers from the session context), so it is matched
 * against the opened address before the first render, below.
 */
const routes: RouteObject[] = [
  { path: '/', element: toOverview },
  { element: <Shell />, children: screenRoutes },
  { path: paths.termsOfUse, element: lazyPage(<TermsOfUse />) },
  { path: paths.unsubscribe, element: lazyPage(<Unsubscribe signedIn />) },
  { path: '*', element: toOverview },
];

// Matching the table flattens and ranks it, cold code on a phone: in the traces at 7x the
// biggest piece of the first render's longest task (issue 39). Made here, in a task of its own
// while the opened screen's chunk loads, the first render finds the opened address matched.
if (typeof window !== 'undefined') setTimeout(() => matchRoutesOnce(routes, location.pathname));

/** The routes, matched once per address (use-matched-routes.ts), not per render. */
function SignedInRoutes() {
  return useMatchedRoutes(routes);
}

export default function SignedInApp({ user }: { user: SessionUser }) {
  // Once: the opened page's data call starts with the shell (opened-page.ts, issue 14).
  preloadOpenedData(user);
  // The live connection, the shell's counts and the widget wait until the page is usable
  // (@halsa/api after-usable.tsx, issue 26): a slow phone draws the page first.
  return (
    <DeferUntilUsable>
      <LiveProvider user={user}>
        <SessionUserProvider user={user}>
          <SignedInRoutes />
        </SessionUserProvider>
      </LiveProvider>
    </DeferUntilUsable>
  );
}
