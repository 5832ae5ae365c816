// Every route of spec §2.1 and §2.4 (design.md §4.3 aliases included), written once: the
// portal's router and every link and redirect in ui read them from here.
import type { Role } from '@halsa/api/contract';

export const paths = {
  login: '/login',
  twoFactor: '/2fa',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  forgotNewPassword: '/forgot-new-password',
  newPassword: '/new-password',
  register: '/register',
  termsOfUse: '/terms-of-use',

  overview: '/overview',
  labResults: '/lab-results',
  actionPlan: '/action-plan',
  journal: '/journal',
  clients: '/clients',
  client: '/clients/:clientId/*',
  clientJournalForm: '/clients/:clientId/journal/:formId',
  activity: '/activity',
  reports: '/reports',
  appointments: '/appointments',
  test: '/test',
  profile: '/profile',
  myAccount: '/profile/myaccount',
  notifications: '/profile/notifications',
  journalGeneral: '/journal/general',
  journalTemplates: '/journal/templates',
  journalTemplate: '/journal/templates/:formId',
} as const;

/** The tabs of a client's pages (spec §2.6), in order: path segment and Swedish label. */
export const clientTabs = [
  { id: 'overview', label: 'Översikt' },
  { id: 'journal', label: 'Journal' },
  { id: 'lab-data', label: 'Lab Resultat' },
  { id: 'action-plan-data', label: 'Handlingsplan' },
  { id: 'activity', label: 'Aktivitet' },
] as const;
export type ClientTab = (typeof clientTabs)[number]['id'];

/** Spec §2.6: the tab list is built for ADMIN only; STAFF opens the pages without tabs. */
export const clientTabsFor = (role: Role | undefined) => (role === 'ADMIN' ? clientTabs : []);

/** Links to routes with parameters. */
export const to = {
  twoFactor: (twoFactorId: string) => `${paths.twoFactor}?${new URLSearchParams({ twoFactorId })}`,
  client: (clientId: number, tab: ClientTab = 'overview') => `${paths.clients}/${clientId}/${tab}`,
  clientJournalForm: (clientId: number, formId: number) =>
    `${paths.clients}/${clientId}/journal/${formId}`,
  journalTemplate: (formId: number) => `${paths.journalTemplates}/${formId}`,
  /** Staff's /appointments showing one client's meetings (and booking for her). */
  clientAppointments: (clientId: number) =>
    `${paths.appointments}?${new URLSearchParams({ klient: String(clientId) })}`,
} as const;
