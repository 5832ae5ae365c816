// The signed-in app (spec §2.4, §2.5): live connection, session user, the shell layout and
// the route table with each route's roles. Loaded lazily by app.tsx once a user is known.
import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { Role, SessionUser } from '@halsa/api/contract';
import { LiveProvider } from '@halsa/api/live';
import { AppShell } from '@halsa/ui/screens/shell/app-shell';
import { MessagesTab } from '@halsa/ui/screens/messaging';
import { paths } from '@halsa/ui/config';
import { RequireRole } from './guards/require-role';
import { lazyPage, placeholder, screen, TermsOfUse } from './router';
import { SessionUserProvider } from './session/session-context';

// Signed-in screens.
const Overview = screen(
  async () => (await import('@halsa/ui/screens/shell/overview')).OverviewScreen,
);
const LabResults = placeholder('Provsvar');
const ActionPlan = placeholder('Handlingsplan');
const Journal = placeholder('Journal');
const Clients = screen(async () => (await import('@halsa/ui/screens/clients')).ClientListScreen);
const ClientPages = screen(
  async () => (await import('@halsa/ui/screens/clients')).ClientPagesScreen,
);
const ClientJournalForm = placeholder('Journalformulär');
const Activity = screen(async () => (await import('@halsa/ui/screens/activity')).ActivityLogScreen);
const Reports = placeholder('Rapporter');
const Appointments = placeholder('Bokningar');
const TestPage = placeholder('Testsida');
const MyAccount = placeholder('Användarinställningar');
const NotificationSettings = screen(
  async () =>
    (await import('@halsa/ui/screens/notifications/notification-settings'))
      .NotificationSettingsScreen,
);
const JournalGeneral = placeholder('Journalinställningar');
const JournalTemplates = placeholder('Journalformulär');
const JournalTemplate = placeholder('Journalformulär');

const ALL: readonly Role[] = ['USER', 'ADMIN', 'STAFF'];
const STAFF_ADMIN: readonly Role[] = ['ADMIN', 'STAFF'];
const USER: readonly Role[] = ['USER'];
const ADMIN: readonly Role[] = ['ADMIN'];

const signedIn: { path: string; roles: readonly Role[]; Screen: ComponentType }[] = [
  { path: paths.overview, roles: ALL, Screen: Overview },
  { path: paths.labResults, roles: USER, Screen: LabResults },
  { path: paths.actionPlan, roles: USER, Screen: ActionPlan },
  { path: paths.journal, roles: USER, Screen: Journal },
  { path: paths.clientJournalForm, roles: ADMIN, Screen: ClientJournalForm },
  { path: paths.clients, roles: STAFF_ADMIN, Screen: Clients },
  { path: paths.client, roles: STAFF_ADMIN, Screen: ClientPages },
  { path: paths.activity, roles: STAFF_ADMIN, Screen: Activity },
  { path: paths.reports, roles: STAFF_ADMIN, Screen: Reports },
  { path: paths.appointments, roles: ALL, Screen: Appointments },
  { path: paths.test, roles: ALL, Screen: TestPage },
  { path: paths.myAccount, roles: ALL, Screen: MyAccount },
  { path: paths.notifications, roles: ALL, Screen: NotificationSettings },
  { path: paths.journalGeneral, roles: STAFF_ADMIN, Screen: JournalGeneral },
  { path: paths.journalTemplates, roles: STAFF_ADMIN, Screen: JournalTemplates },
  { path: paths.journalTemplate, roles: STAFF_ADMIN, Screen: JournalTemplate },
];

function SignedInRoutes({ user }: { user: SessionUser }) {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={paths.overview} replace />} />
      <Route
        element={<AppShell user={user} messagesTab={(intent) => <MessagesTab intent={intent} />} />}
      >
        {signedIn.map(({ path, roles, Screen }) => (
          <Route
            key={path}
            path={path}
            element={<RequireRole roles={roles}>{lazyPage(<Screen />)}</RequireRole>}
          />
        ))}
      </Route>
      <Route path={paths.termsOfUse} element={lazyPage(<TermsOfUse />)} />
      <Route path="*" element={<Navigate to={paths.overview} replace />} />
    </Routes>
  );
}

export default function SignedInApp({ user }: { user: SessionUser }) {
  return (
    <LiveProvider user={user}>
      <SessionUserProvider user={user}>
        <SignedInRoutes user={user} />
      </SessionUserProvider>
    </LiveProvider>
  );
}
