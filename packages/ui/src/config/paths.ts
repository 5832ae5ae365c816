// Every route of spec §2.1 and §2.4 (design.md §4.3 aliases included), written once: the
// portal's router and every link and redirect in ui read them from here.

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
