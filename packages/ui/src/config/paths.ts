// Every route of spec §2.1 and §2.4 (design.md §4.3 aliases included), written once: the
// portal's router and every link and redirect in ui read them from here.
import type { ClientTab } from './pages';

export const paths = {
  login: '/login',
  twoFactor: '/2fa',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  forgotNewPassword: '/forgot-new-password',
  newPassword: '/new-password',
  register: '/register',
  termsOfUse: '/terms-of-use',
  /** The page a notice mail's unsubscribe link opens, signed in or not (design §4.16). */
  unsubscribe: '/unsubscribe',

  overview: '/overview',
  labResults: '/lab-results',
  actionPlan: '/action-plan',
  journal: '/journal',
  clients: '/clients',
  client: '/clients/:clientId/*',
  clientJournalForm: '/clients/:clientId/journal/:formId',
  activity: '/activity',
  activityReview: '/activity/review',
  reports: '/reports',
  staff: '/staff',
  appointments: '/appointments',
  test: '/test',
  profile: '/profile',
  myAccount: '/profile/myaccount',
  notifications: '/profile/notifications',
  /** 'Inloggning och säkerhet' (design §4.17). */
  profileSecurity: '/profile/security',
  journalGeneral: '/journal/general',
  journalTemplates: '/journal/templates',
  journalTemplate: '/journal/templates/:formId',
} as const;

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
  /** The activity log narrowed as 'Logguppföljning' links it (design §4.14). */
  activityFiltered: (filters: { performedBy?: number; day?: string; emergencyAccess?: number }) =>
    `${paths.activity}?${new URLSearchParams(
      Object.entries(filters).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    )}`,
} as const;
