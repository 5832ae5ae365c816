// MSW mocks for Storybook and component tests (never imported by @halsa/api's main entry).
//
// msw answers with the FIRST handler that matches, so a scenario must come before the defaults:
//   parameters: { msw: { handlers: { defaults: withDefaults(notificationScenarios.empty) } } }
// The handlers are stateful (marking read changes the next GET); call `resetMockState()` before
// each story or test, optionally with a session: `resetMockState({ sessionUser: sessionUsers.user })`.
import type { HttpHandler } from 'msw';
import { authHandlers, authScenarios } from './handlers/auth.ts';
import { profileHandlers, profileScenarios } from './handlers/profile.ts';
import { notificationHandlers, notificationScenarios } from './handlers/notifications.ts';
import { noticeMailHandlers, noticeMailScenarios } from './handlers/notice-mails.ts';
import { messagingHandlers, messagingScenarios } from './handlers/messaging.ts';
import { clientHandlers, clientScenarios } from './handlers/clients.ts';
import { careTeamHandlers, careTeamScenarios } from './handlers/care-team.ts';
import { staffHandlers, staffScenarios } from './handlers/staff.ts';
import { invitationHandlers, invitationScenarios } from './handlers/invitations.ts';
import { statsHandlers, statsScenarios } from './handlers/stats.ts';
import { activityHandlers, activityScenarios } from './handlers/activity.ts';
import { formHandlers, formScenarios } from './handlers/forms.ts';
import { journalHandlers, journalScenarios } from './handlers/journal.ts';
import { questionnaireHandlers, questionnaireScenarios } from './handlers/questionnaires.ts';
import { labHandlers, labScenarios } from './handlers/lab-results.ts';
import { actionPlanHandlers, actionPlanScenarios } from './handlers/action-plan.ts';
import { selfTestHandlers, selfTestScenarios } from './handlers/self-test.ts';
import { appointmentHandlers, appointmentScenarios } from './handlers/appointments.ts';
import { reportHandlers, reportScenarios } from './handlers/reports.ts';
import { eidHandlers, eidScenarios } from './handlers/eid.ts';
import { securityHandlers, securityScenarios } from './handlers/security.ts';

/** Every endpoint of the contract, answered from `mockState` (signed in as ADMIN by default). */
export const defaultHandlers: HttpHandler[] = [
  ...authHandlers,
  ...profileHandlers,
  ...notificationHandlers,
  ...noticeMailHandlers,
  ...messagingHandlers,
  // Before the client's own: `/clients/lookup` is not `/clients/:id` (contract/routes/care-team.ts).
  ...careTeamHandlers,
  ...clientHandlers,
  ...staffHandlers,
  ...invitationHandlers,
  ...statsHandlers,
  ...activityHandlers,
  ...formHandlers,
  ...journalHandlers,
  ...questionnaireHandlers,
  ...labHandlers,
  ...actionPlanHandlers,
  ...selfTestHandlers,
  ...appointmentHandlers,
  ...reportHandlers,
  ...eidHandlers,
  ...securityHandlers,
];

/** Scenario handlers first, then the defaults: `withDefaults(authScenarios.asUser, labScenarios.empty)`. */
export function withDefaults(...scenarios: readonly (readonly HttpHandler[])[]): HttpHandler[] {
  return [...scenarios.flat(), ...defaultHandlers];
}

/** Every scenario by resource: `scenarios.notifications.empty`, `scenarios.auth.loginFailure`. */
export const scenarios = {
  auth: authScenarios,
  profile: profileScenarios,
  notifications: notificationScenarios,
  noticeMails: noticeMailScenarios,
  messaging: messagingScenarios,
  clients: clientScenarios,
  careTeam: careTeamScenarios,
  staff: staffScenarios,
  invitations: invitationScenarios,
  stats: statsScenarios,
  activity: activityScenarios,
  forms: formScenarios,
  journal: journalScenarios,
  questionnaires: questionnaireScenarios,
  lab: labScenarios,
  actionPlan: actionPlanScenarios,
  selfTest: selfTestScenarios,
  appointments: appointmentScenarios,
  reports: reportScenarios,
  eid: eidScenarios,
  security: securityScenarios,
};

/** Every signed-in endpoint answers 500 / 403 / slowly (combine with `withDefaults`). */
export const everything = {
  error: (status = 500, message?: string): HttpHandler[] =>
    Object.values(scenarios).flatMap((s) => s.error(status, message)),
  forbidden: Object.values(scenarios).flatMap((s) => s.forbidden),
  slow: Object.values(scenarios).flatMap((s) => s.slow),
};

export {
  eidHandlers,
  eidScenarios,
  authHandlers,
  authScenarios,
  profileHandlers,
  profileScenarios,
  notificationHandlers,
  notificationScenarios,
  noticeMailHandlers,
  noticeMailScenarios,
  messagingHandlers,
  messagingScenarios,
  clientHandlers,
  clientScenarios,
  careTeamHandlers,
  careTeamScenarios,
  staffHandlers,
  staffScenarios,
  invitationHandlers,
  invitationScenarios,
  statsHandlers,
  statsScenarios,
  activityHandlers,
  activityScenarios,
  formHandlers,
  formScenarios,
  journalHandlers,
  journalScenarios,
  questionnaireHandlers,
  questionnaireScenarios,
  labHandlers,
  labScenarios,
  actionPlanHandlers,
  actionPlanScenarios,
  appointmentHandlers,
  appointmentScenarios,
  reportHandlers,
  reportScenarios,
  securityHandlers,
  securityScenarios,
};
export { loginStepOf, mustSetUpStrongSignIn } from './handlers/security.ts';
export { answer, mockPath, on } from './handlers/endpoint.ts';
export { errorResponse } from './handlers/respond.ts';
export {
  errorFor,
  forbiddenFor,
  loadingFor,
  scenariosFor,
  slowFor,
  type Scenarios,
} from './handlers/scenarios.ts';
export { renderConversation } from './handlers/messaging.ts';
export { mockNoticeMailSettings } from './handlers/notice-mails.ts';
export { addStaffFixtures, setMockAccount } from './handlers/staff.ts';
export { toCsv } from './handlers/activity.ts';
export { addCareTeamStaff, noCareRelationResponse } from './handlers/care-team.ts';
export {
  MOCK_NOW,
  mockState,
  resetMockState,
  setMockSessionUser,
  type MockState,
} from './state.ts';
export * from './fixtures/index.ts';
