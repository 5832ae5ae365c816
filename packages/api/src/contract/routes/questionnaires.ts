// Health questionnaires (design §4.19, issue 36): the client's own list, answers and 'Skicka in'
// (USER only: the session decides whose), staff's sending (one client, or several at once) and
// reading of a client's submitted answers, and the FHIR R4 views of a form and of an answer.
// A part of the route table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { STAFF } from '../route-shared.ts';

const USER = ['USER'] as const;

export const questionnairesRouteDefs = {
  myQuestionnaires: {
    method: 'GET',
    path: '/api/v1/user/questionnaires',
    response: 'json',
    fallback: 'Kunde inte hämta enkäter',
    roles: USER,
  },
  myQuestionnaire: {
    method: 'GET',
    path: '/api/v1/user/questionnaires/:id',
    response: 'json',
    fallback: 'Kunde inte hämta enkäten',
    roles: USER,
  },
  saveQuestionnaireAnswers: {
    method: 'PUT',
    path: '/api/v1/user/questionnaires/:id/answers',
    response: 'json',
    fallback: 'Kunde inte spara svaren',
    roles: USER,
  },
  submitQuestionnaire: {
    method: 'POST',
    path: '/api/v1/user/questionnaires/:id/submit',
    response: 'json',
    fallback: 'Kunde inte skicka in enkäten',
    roles: USER,
  },
  clientQuestionnaires: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/questionnaires',
    response: 'json',
    fallback: 'Kunde inte hämta klientens enkäter',
    roles: STAFF,
    clientData: true,
  },
  sendQuestionnaire: {
    method: 'POST',
    path: '/api/v1/admin/users/:id/questionnaires',
    response: 'json',
    fallback: 'Kunde inte skicka enkäten',
    roles: STAFF,
    clientData: true,
  },
  sendQuestionnaires: {
    method: 'POST',
    path: '/api/v1/admin/questionnaires/send',
    response: 'json',
    fallback: 'Kunde inte skicka enkäten',
    roles: STAFF,
    clientData: true,
  },
  formFhir: {
    method: 'GET',
    path: '/api/v1/admin/forms/:id/fhir',
    response: 'json',
    fallback: 'Kunde inte hämta formuläret som FHIR',
    roles: STAFF,
  },
  questionnaireResponseFhir: {
    method: 'GET',
    path: '/api/v1/admin/questionnaire-responses/:id/fhir',
    response: 'json',
    fallback: 'Kunde inte hämta enkätsvaret som FHIR',
    roles: STAFF,
    clientData: true,
  },
} as const satisfies Record<string, RouteDef>;
