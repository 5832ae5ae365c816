/* eslint-disable no-restricted-imports -- a test, never shipped: it checks the contract table
   against the MSW mocks, so it needs msw and ../mocks (the contract's own files stay clean). */
// Spec §7 (plus design §4.3 set-password, §4.8 invitations, the message attachment of §3 and the
// profile picture behind `imageUrl`),
// typed in by hand from the spec: every call must have an entry in the contract table and an
// answer from the default MSW handlers.
import { getResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultHandlers, mockState, resetMockState, sessionUsers } from '../mocks/index.ts';
import { openEmergencyAccessFixture } from '../mocks/fixtures/care-team.ts';
import { endpoints, findEndpoint, pathParams, buildPath, type HttpMethod } from './endpoints.ts';

type Body = { json: unknown } | { form: Record<string, string | File> } | undefined;

interface SpecCall {
  method: HttpMethod;
  path: string;
  /** A concrete URL with demo ids and the query the call needs. */
  url: string;
  /** What the spec says is sent. */
  sends?: 'json' | 'multipart';
  body?: Body;
  /** Changes the mocks' state before the call (e.g. a form that must still be a draft). */
  setup?: () => void;
  /** Only a USER may call it (the mocks answer as the demo client). */
  asUser?: true;
}

const pdf = () => new File(['%PDF-1.4'], 'Blodprov_2026-11-21.pdf', { type: 'application/pdf' });
const png = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'profil.png', { type: 'image/png' });

/** Form 1 is published in the fixtures; only a draft's sections and questions can be deleted. */
const draftFormOne = () => {
  const form = mockState.forms.find((f) => f.id === 1);
  if (form) form.drafted = true;
};

/** What a browser's `startRegistration()` / `startAuthentication()` give (shapes only). */
const registrationExample = {
  id: 'AQID',
  rawId: 'AQID',
  response: { clientDataJSON: 'e30', attestationObject: 'oWNmbXRkbm9uZQ' },
  clientExtensionResults: {},
  type: 'public-key',
};
const assertionExample = {
  id: 'AQID',
  rawId: 'AQID',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
  type: 'public-key',
};

const specCalls: SpecCall[] = [
  // Authentication and account
  { method: 'GET', path: '/api/v1/auth/me', url: '/api/v1/auth/me' },
  // Whether /login offers e-legitimation (design §4.18)
  { method: 'GET', path: '/api/v1/auth/eid', url: '/api/v1/auth/eid' },
  {
    method: 'POST',
    path: '/api/v1/auth/authenticate',
    url: '/api/v1/auth/authenticate',
    sends: 'json',
    body: { json: { email: 'klient@example.com', password: 'Halsa2026!' } },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/verify-2fa',
    url: '/api/v1/auth/verify-2fa',
    sends: 'json',
    body: { json: { twoFactorId: 'abc', code: '123456' } },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/resend-2fa',
    url: '/api/v1/auth/resend-2fa',
    sends: 'json',
    body: { json: { twoFactorId: 'abc' } },
  },
  { method: 'POST', path: '/api/v1/user/logout', url: '/api/v1/user/logout' },
  {
    method: 'POST',
    path: '/api/v1/auth/forgot-password',
    url: '/api/v1/auth/forgot-password',
    sends: 'json',
    body: { json: { email: 'klient@example.com' } },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/reset-password',
    url: '/api/v1/auth/reset-password',
    sends: 'json',
    body: { json: { token: 't', password: 'Nyttlosen1' } },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/set-password',
    url: '/api/v1/auth/set-password',
    sends: 'json',
    body: { json: { token: 't', password: 'Nyttlosen1' } },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/register',
    url: '/api/v1/auth/register?token=inbjudan-123',
    sends: 'json',
    body: {
      json: {
        email: 'elin.oberg@example.com',
        password: 'Halsa2026!',
        firstname: 'Elin',
        lastname: 'Öberg',
        hasSocialSecurity: true,
        socialSecurityNumber: '19930308-1234',
        phoneNumber: '0701234567',
        street: 'Ågatan 4',
        city: 'Linköping',
        zipCode: '582 22',
      },
    },
  },
  {
    method: 'POST',
    path: '/api/v1/user/change-password',
    url: '/api/v1/user/change-password',
    sends: 'json',
    body: { json: { currentPassword: 'Halsa2026!', newPassword: 'Annat2026!' } },
  },
  {
    method: 'POST',
    path: '/api/v1/user/upload',
    url: '/api/v1/user/upload',
    sends: 'multipart',
    body: { form: { file: png() } },
  },
  { method: 'DELETE', path: '/api/v1/user/removeImage', url: '/api/v1/user/removeImage' },
  {
    method: 'GET',
    path: '/api/v1/user/image/:fileId',
    url: '/api/v1/user/image/5d0f6a2e-3b7c-4f1a-9e2d-8c4b7a1f0e63',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/invitations',
    url: '/api/v1/admin/invitations',
    sends: 'json',
    body: { json: { email: 'ny.klient@example.com' } },
  },

  // Notifications
  { method: 'GET', path: '/api/v1/user/notifications', url: '/api/v1/user/notifications' },
  {
    method: 'PATCH',
    path: '/api/v1/user/notifications/:id/read',
    url: '/api/v1/user/notifications/101/read',
  },
  {
    method: 'PATCH',
    path: '/api/v1/user/notifications/mark-all-read',
    url: '/api/v1/user/notifications/mark-all-read',
  },
  // E-postavisering (design §4.16)
  {
    method: 'GET',
    path: '/api/v1/user/notification-settings',
    url: '/api/v1/user/notification-settings',
  },
  {
    method: 'PUT',
    path: '/api/v1/user/notification-settings',
    url: '/api/v1/user/notification-settings',
    sends: 'json',
    body: { json: { LAB_RESULT: false } },
  },
  {
    method: 'GET',
    path: '/api/v1/public/unsubscribe',
    url: '/api/v1/public/unsubscribe?token=demo.LAB_RESULT',
  },
  {
    method: 'POST',
    path: '/api/v1/public/unsubscribe',
    url: '/api/v1/public/unsubscribe?token=demo.LAB_RESULT',
  },
  {
    method: 'POST',
    path: '/api/v1/public/resubscribe',
    url: '/api/v1/public/resubscribe?token=demo.LAB_RESULT',
  },

  // Messaging
  {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations',
    url: '/api/v1/user/messaging/conversations',
  },
  {
    method: 'GET',
    path: '/api/v1/user/messaging/filteredUsers',
    url: '/api/v1/user/messaging/filteredUsers',
  },
  // The unread badge of every page (issue 38): not in spec §7.
  {
    method: 'GET',
    path: '/api/v1/user/messaging/unread-count',
    url: '/api/v1/user/messaging/unread-count',
  },
  {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations',
    url: '/api/v1/user/messaging/conversations',
    sends: 'multipart',
    body: { form: { receiverId: '6', text: 'Hej Karin!' } },
  },
  {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations/:id',
    url: '/api/v1/user/messaging/conversations/1',
  },
  {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations/:id/messages',
    url: '/api/v1/user/messaging/conversations/1/messages',
    sends: 'json',
    body: { json: { receiverId: 3, content: 'Hej!' } },
  },
  {
    method: 'PUT',
    path: '/api/v1/user/messaging/conversations/messages/:messageId',
    url: '/api/v1/user/messaging/conversations/messages/1003',
  },
  {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations/:id/messages/uploadWithText',
    url: '/api/v1/user/messaging/conversations/1/messages/uploadWithText',
    sends: 'multipart',
    body: { form: { file: pdf(), text: 'Provsvar' } },
  },
  {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations/:id/download',
    url: '/api/v1/user/messaging/conversations/1/download',
  },
  // The attachment a file message links to (spec §3: the URL after the newline in `content`).
  {
    method: 'GET',
    path: '/api/v1/user/messaging/files/:fileId',
    url: '/api/v1/user/messaging/files/5d0f6a2e-3b7c-4f1a-9e2d-8c4b7a1f0e63',
  },
  {
    method: 'PUT',
    path: '/api/v1/user/messaging/conversations/:id/messages/:messageId/edit',
    url: '/api/v1/user/messaging/conversations/1/messages/1001/edit',
    sends: 'multipart',
    body: { form: { newContent: 'Rättad text' } },
  },

  // Journal, labs, action plans
  {
    method: 'GET',
    path: '/api/v1/user/journal/daily-notes',
    url: '/api/v1/user/journal/daily-notes',
  },
  { method: 'GET', path: '/api/v1/admin/users/:id/journal', url: '/api/v1/admin/users/3/journal' },
  {
    method: 'GET',
    path: '/api/v1/admin/users/:id/journal/daily-notes/latest-signed',
    url: '/api/v1/admin/users/3/journal/daily-notes/latest-signed',
  },
  { method: 'GET', path: '/api/v1/user/lab-data', url: '/api/v1/user/lab-data?userId=3' },
  { method: 'GET', path: '/api/v1/admin/lab-data/:userId', url: '/api/v1/admin/lab-data/3' },
  {
    method: 'POST',
    path: '/api/v1/admin/upload-lab/:userId',
    url: '/api/v1/admin/upload-lab/3',
    sends: 'multipart',
    body: { form: { file: pdf() } },
  },
  {
    method: 'GET',
    path: '/api/v1/user/download/lab-data/:fileName',
    url: '/api/v1/user/download/lab-data/Blodprov_2026-10-12.pdf?userId=3',
  },
  { method: 'GET', path: '/api/v1/user/action-plan', url: '/api/v1/user/action-plan?userId=3' },
  {
    method: 'GET',
    path: '/api/v1/admin/action-plan-data/:userId',
    url: '/api/v1/admin/action-plan-data/3',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/upload-action-plan/:userId',
    url: '/api/v1/admin/upload-action-plan/3',
    sends: 'multipart',
    body: { form: { file: pdf() } },
  },
  {
    method: 'GET',
    path: '/api/v1/user/download/action-plan/:fileName',
    url: '/api/v1/user/download/action-plan/Handlingsplan_2026-11-18.pdf?userId=3',
  },

  // Forms
  {
    method: 'GET',
    path: '/api/v1/admin/forms/getSummaries',
    url: '/api/v1/admin/forms/getSummaries',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/forms',
    url: '/api/v1/admin/forms',
    sends: 'json',
    body: { json: {} },
  },
  { method: 'GET', path: '/api/v1/admin/forms/:id', url: '/api/v1/admin/forms/1' },
  {
    method: 'PUT',
    path: '/api/v1/admin/forms/:id',
    url: '/api/v1/admin/forms/3',
    sends: 'json',
    body: {
      json: {
        title: 'Kostdagbok',
        version: 1,
        sections: [
          {
            id: 31,
            title: 'Frukost',
            instruction: 'Beskriv en vanlig frukost.',
            sortOrder: 1,
            questions: [
              {
                text: 'Vad äter du till frukost?',
                type: 'LONG_TEXT',
                required: false,
                options: {},
                sortOrder: 1,
              },
            ],
          },
        ],
      },
    },
  },
  // Form 3: form 2 has a client's unsigned note in the fixtures, and such a form is kept (409).
  { method: 'DELETE', path: '/api/v1/admin/forms/:id', url: '/api/v1/admin/forms/3' },
  { method: 'PUT', path: '/api/v1/admin/forms/:id/publish', url: '/api/v1/admin/forms/3/publish' },
  {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id/sections/:sectionId',
    url: '/api/v1/admin/forms/1/sections/12',
    setup: draftFormOne,
  },
  {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id/sections/:sectionId/questions/:questionId',
    url: '/api/v1/admin/forms/1/sections/11/questions/112',
    setup: draftFormOne,
  },
  {
    method: 'POST',
    path: '/api/v1/admin/forms/:id/duplicate',
    url: '/api/v1/admin/forms/1/duplicate',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/sign-and-send',
    url: '/api/v1/admin/users/3/journal/forms/2/sign-and-send',
    sends: 'json',
    body: { json: {} },
  },
  // Health questionnaires (issue 36, design §4.19): not in spec §7
  {
    method: 'GET',
    path: '/api/v1/user/questionnaires',
    url: '/api/v1/user/questionnaires',
    asUser: true,
  },
  {
    method: 'GET',
    path: '/api/v1/user/questionnaires/:id',
    url: '/api/v1/user/questionnaires/601',
    asUser: true,
  },
  {
    method: 'PUT',
    path: '/api/v1/user/questionnaires/:id/answers',
    url: '/api/v1/user/questionnaires/601/answers',
    sends: 'json',
    body: { json: { version: 1, answers: [{ questionId: 5012, value: false }] } },
    asUser: true,
  },
  {
    method: 'POST',
    path: '/api/v1/user/questionnaires/:id/submit',
    url: '/api/v1/user/questionnaires/601/submit',
    asUser: true,
    setup: () => {
      const q = mockState.questionnaires.find((x) => x.id === 601)!;
      q.answers = [
        { questionId: 5011, value: 'Sällan' },
        { questionId: 5012, value: false },
      ];
    },
  },
  {
    method: 'GET',
    path: '/api/v1/admin/users/:id/questionnaires',
    url: '/api/v1/admin/users/4/questionnaires',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/users/:id/questionnaires',
    url: '/api/v1/admin/users/5/questionnaires',
    sends: 'json',
    body: { json: { formId: 50, dueDate: null } },
  },
  {
    method: 'POST',
    path: '/api/v1/admin/questionnaires/send',
    url: '/api/v1/admin/questionnaires/send',
    sends: 'json',
    body: { json: { formId: 50, clientIds: [3, 5] } },
  },
  { method: 'GET', path: '/api/v1/admin/forms/:id/fhir', url: '/api/v1/admin/forms/50/fhir' },
  {
    method: 'GET',
    path: '/api/v1/admin/questionnaire-responses/:id/fhir',
    url: '/api/v1/admin/questionnaire-responses/602/fhir',
  },
  // Journal notes and settings (issue 12, design §4.10): not in spec §7
  {
    method: 'GET',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/note',
    url: '/api/v1/admin/users/3/journal/forms/2/note',
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/note',
    url: '/api/v1/admin/users/3/journal/forms/1/note',
    sends: 'json',
    body: { json: { answers: [{ questionId: 112, value: 7 }] } },
  },
  { method: 'GET', path: '/api/v1/admin/journal/settings', url: '/api/v1/admin/journal/settings' },
  {
    method: 'PUT',
    path: '/api/v1/admin/journal/settings',
    url: '/api/v1/admin/journal/settings',
    sends: 'json',
    body: {
      json: { clinicName: 'Kliniken', signatureLine: '', defaultFormId: 2, version: 1 },
    },
  },
  // The client's lab values and access log (issue 13, design §4.11, §4.12): not in spec §7
  {
    method: 'GET',
    path: '/api/v1/user/lab-results',
    url: '/api/v1/user/lab-results?userId=3',
    asUser: true,
  },
  {
    method: 'POST',
    path: '/api/v1/user/lab-results/opened/:fileName',
    url: '/api/v1/user/lab-results/opened/Provsvar_2026-11-02.csv?userId=3',
    asUser: true,
  },
  { method: 'GET', path: '/api/v1/user/account', url: '/api/v1/user/account' },
  {
    method: 'POST',
    path: '/api/v1/user/self-test',
    url: '/api/v1/user/self-test',
    sends: 'json',
    body: { json: {} },
  },
  // Appointments (issue 13)
  { method: 'GET', path: '/api/v1/user/appointments', url: '/api/v1/user/appointments?userId=3' },
  {
    method: 'GET',
    path: '/api/v1/user/appointments/:id/ics',
    url: '/api/v1/user/appointments/501/ics',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/appointments',
    url: '/api/v1/admin/appointments',
    sends: 'json',
    body: {
      json: {
        clientId: 3,
        startsAt: '2026-12-10T09:00:00.000Z',
        minutes: 45,
        place: 'Mottagningen, rum 3',
      },
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/appointments/:id',
    url: '/api/v1/admin/appointments/501',
    sends: 'json',
    body: { json: { startsAt: '2026-12-11T09:00:00.000Z', minutes: 30, place: 'Rum 2' } },
  },
  {
    method: 'POST',
    path: '/api/v1/admin/appointments/:id/cancel',
    url: '/api/v1/admin/appointments/501/cancel',
    sends: 'json',
    body: { json: {} },
  },
  {
    method: 'GET',
    path: '/api/v1/user/access-log',
    url: '/api/v1/user/access-log?page=1',
    asUser: true,
  },

  // Administration
  { method: 'GET', path: '/api/v1/admin/user-stats', url: '/api/v1/admin/user-stats' },
  { method: 'GET', path: '/api/v1/admin/clients', url: '/api/v1/admin/clients' },
  { method: 'GET', path: '/api/v1/admin/clients/:id', url: '/api/v1/admin/clients/3' },
  { method: 'GET', path: '/api/v1/admin/subject/:userId', url: '/api/v1/admin/subject/3' },
  { method: 'GET', path: '/api/v1/admin/get-logs', url: '/api/v1/admin/get-logs' },
  {
    method: 'GET',
    path: '/api/v1/admin/export-logs',
    url: '/api/v1/admin/export-logs?interval=30dagar',
  },
  {
    method: 'GET',
    path: '/api/v1/admin/subject/:userId/export-logs',
    url: '/api/v1/admin/subject/3/export-logs?interval=1ar',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/send-reset-link/:userId',
    url: '/api/v1/admin/send-reset-link/3',
  },
  // Clinic reports (design §4.11, issue 13)
  { method: 'GET', path: '/api/v1/admin/reports', url: '/api/v1/admin/reports?interval=3man' },
  {
    method: 'GET',
    path: '/api/v1/admin/reports/export',
    url: '/api/v1/admin/reports/export?interval=1ar',
  },
  // The activity log's 'Utförd av' choices: staff only, never the register (design §4.13, issue 11)
  { method: 'GET', path: '/api/v1/admin/staff', url: '/api/v1/admin/staff' },
  // People and access: /staff's accounts, roles, deactivation, unlocking (design §4.14)
  { method: 'GET', path: '/api/v1/admin/staff/accounts', url: '/api/v1/admin/staff/accounts' },
  {
    method: 'POST',
    path: '/api/v1/admin/staff',
    url: '/api/v1/admin/staff',
    sends: 'json',
    body: {
      json: { firstName: 'Nora', lastName: 'Lind', email: 'nora.lind@example.com', role: 'STAFF' },
    },
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/users/:id/role',
    url: '/api/v1/admin/users/2/role',
    sends: 'json',
    body: { json: { role: 'ADMIN' } },
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/users/:id/personal-number',
    url: '/api/v1/admin/users/2/personal-number',
    sends: 'json',
    body: { json: { personalNumber: '19810730-1239' } },
  },
  {
    method: 'GET',
    path: '/api/v1/admin/users/:id/account-state',
    url: '/api/v1/admin/users/3/account-state',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/users/:id/deactivate',
    url: '/api/v1/admin/users/4/deactivate',
    sends: 'json',
    body: { json: {} },
  },
  {
    method: 'POST',
    path: '/api/v1/admin/users/:id/reactivate',
    url: '/api/v1/admin/users/4/reactivate',
    sends: 'json',
    body: { json: {} },
  },
  {
    method: 'POST',
    path: '/api/v1/admin/users/:id/unlock',
    url: '/api/v1/admin/users/4/unlock',
    sends: 'json',
    body: { json: {} },
  },
  { method: 'GET', path: '/api/v1/admin/access-settings', url: '/api/v1/admin/access-settings' },
  {
    method: 'PUT',
    path: '/api/v1/admin/access-settings',
    url: '/api/v1/admin/access-settings',
    sends: 'json',
    body: { json: { careTeamOnly: false } },
  },
  // Care teams, emergency access, Logguppföljning (design §4.14)
  {
    method: 'GET',
    path: '/api/v1/admin/clients/lookup',
    url: '/api/v1/admin/clients/lookup?personalNumber=19880614-7735',
  },
  {
    method: 'GET',
    path: '/api/v1/admin/clients/:id/care-team',
    url: '/api/v1/admin/clients/3/care-team',
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/clients/:id/care-team',
    url: '/api/v1/admin/clients/3/care-team',
    sends: 'json',
    body: { json: { staffIds: [2] } },
  },
  // Care teams from the person's side (/staff, issue 35)
  { method: 'GET', path: '/api/v1/admin/users/:id/clients', url: '/api/v1/admin/users/2/clients' },
  {
    method: 'POST',
    path: '/api/v1/admin/users/:id/clients',
    url: '/api/v1/admin/users/2/clients',
    sends: 'json',
    body: { json: { clientId: 7 } },
  },
  {
    method: 'DELETE',
    path: '/api/v1/admin/users/:id/clients/:clientId',
    url: '/api/v1/admin/users/2/clients/3',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/clients/:id/emergency-access',
    url: '/api/v1/admin/clients/7/emergency-access',
    sends: 'json',
    body: { json: { reason: 'URGENT_CARE' } },
    setup: () => {
      mockState.sessionUser = { ...sessionUsers.staff };
    },
  },
  {
    method: 'GET',
    path: '/api/v1/admin/activity/review',
    url: '/api/v1/admin/activity/review?reviewed=false',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/activity/review/:id',
    url: '/api/v1/admin/activity/review/901',
    sends: 'json',
    body: { json: { comment: 'Kontrollerad med kollegan, i sin ordning.' } },
  },
  // The coach's day (design §4.7, §4.20): the client's values on her coach's page, the caller's
  // own open emergency accesses and their close, and the menu's count not yet reviewed.
  {
    method: 'GET',
    path: '/api/v1/admin/lab-results/:userId',
    url: '/api/v1/admin/lab-results/3',
  },
  {
    method: 'GET',
    path: '/api/v1/admin/emergency-access',
    url: '/api/v1/admin/emergency-access',
    setup: () => {
      mockState.sessionUser = { ...sessionUsers.staff };
    },
  },
  {
    method: 'POST',
    path: '/api/v1/admin/emergency-access/:id/close',
    url: '/api/v1/admin/emergency-access/950/close',
    setup: () => {
      mockState.sessionUser = { ...sessionUsers.staff };
      mockState.careTeam.emergencyAccesses.push(structuredClone(openEmergencyAccessFixture));
    },
  },
  {
    method: 'GET',
    path: '/api/v1/admin/activity/review/count',
    url: '/api/v1/admin/activity/review/count',
  },
  // Strong sign-in (design §4.17)
  { method: 'GET', path: '/api/v1/user/security', url: '/api/v1/user/security' },
  {
    method: 'POST',
    path: '/api/v1/user/security/passkeys/options',
    url: '/api/v1/user/security/passkeys/options',
    sends: 'json',
    body: { json: {} },
  },
  {
    method: 'POST',
    path: '/api/v1/user/security/passkeys',
    url: '/api/v1/user/security/passkeys',
    sends: 'json',
    body: { json: { name: 'Telefonen', credential: registrationExample } },
  },
  {
    method: 'POST',
    path: '/api/v1/user/security/totp',
    url: '/api/v1/user/security/totp',
    sends: 'json',
    body: { json: {} },
  },
  {
    method: 'POST',
    path: '/api/v1/user/security/totp/:id/confirm',
    url: '/api/v1/user/security/totp/77/confirm',
    sends: 'json',
    body: { json: { code: '123 456' } },
    setup: () => {
      mockState.security.totpSetups[77] = sessionUsers.admin.id;
    },
  },
  {
    method: 'POST',
    path: '/api/v1/user/security/reserve-codes',
    url: '/api/v1/user/security/reserve-codes',
    sends: 'json',
    body: { json: {} },
  },
  {
    method: 'POST',
    path: '/api/v1/user/security/methods/:id/remove',
    url: '/api/v1/user/security/methods/901/remove',
    sends: 'json',
    body: { json: { password: 'Halsa2026!' } },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/login-step',
    url: '/api/v1/auth/login-step',
    sends: 'json',
    body: { json: { twoFactorId: 'abc' } },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/login-step/passkey-options',
    url: '/api/v1/auth/login-step/passkey-options',
    sends: 'json',
    body: { json: { twoFactorId: 'abc' } },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/login-step/verify',
    url: '/api/v1/auth/login-step/verify',
    sends: 'json',
    body: { json: { twoFactorId: 'abc', method: 'TOTP', code: '123456' } },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/passkey/options',
    url: '/api/v1/auth/passkey/options',
    sends: 'json',
    body: { json: {} },
  },
  {
    method: 'POST',
    path: '/api/v1/auth/passkey',
    url: '/api/v1/auth/passkey',
    sends: 'json',
    body: { json: { loginId: 'nyckel-1', credential: assertionExample } },
  },
  { method: 'GET', path: '/api/v1/admin/sign-in-settings', url: '/api/v1/admin/sign-in-settings' },
  {
    method: 'PUT',
    path: '/api/v1/admin/sign-in-settings',
    url: '/api/v1/admin/sign-in-settings',
    sends: 'json',
    body: { json: { staffStrongSignIn: true, clientEmailCode: false } },
  },
  {
    method: 'GET',
    path: '/api/v1/admin/users/:id/sign-in-methods',
    url: '/api/v1/admin/users/2/sign-in-methods',
  },
  {
    method: 'POST',
    path: '/api/v1/admin/users/:id/reset-sign-in-methods',
    url: '/api/v1/admin/users/2/reset-sign-in-methods',
    sends: 'json',
    body: { json: {} },
  },
];

function toRequest(call: SpecCall, origin = 'http://localhost:6006'): Request {
  const init: RequestInit = { method: call.method };
  if (call.body && 'json' in call.body) {
    init.body = JSON.stringify(call.body.json);
    init.headers = { 'Content-Type': 'application/json' };
  } else if (call.body && 'form' in call.body) {
    const form = new FormData();
    for (const [key, value] of Object.entries(call.body.form)) form.append(key, value);
    init.body = form;
  }
  return new Request(`${origin}${call.url}`, init);
}

beforeEach(() => {
  resetMockState();
});

describe('the contract table covers spec §7', () => {
  it('has no call twice in the hand-typed list', () => {
    const keys = specCalls.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has exactly the spec calls, no more', () => {
    const table = endpoints.map((e) => `${e.method} ${e.path}`).sort();
    const spec = specCalls.map((c) => `${c.method} ${c.path}`).sort();
    expect(table).toEqual(spec);
  });

  it('has unique names', () => {
    expect(new Set(endpoints.map((e) => e.name)).size).toBe(endpoints.length);
  });

  it.each(specCalls)('$method $path', (call) => {
    const entry = findEndpoint(call.method, call.path);
    expect(entry, `${call.method} ${call.path} is missing from endpoints`).toBeDefined();
    if (!entry) return;
    expect(entry.fallback.trim().length).toBeGreaterThan(0);
    expect(entry.roles.length).toBeGreaterThan(0);
    expect(entry.response).toBeDefined();
    // What the spec says is sent has a schema (multipart uploads of a single file excepted).
    if (call.sends === 'json') {
      expect(entry.request).toBeInstanceOf(z.ZodType);
      expect(entry.body ?? 'json').toBe('json');
    }
    if (call.sends === 'multipart') expect(entry.body).toBe('multipart');
    // Path parameters have a schema naming each of them.
    const names = pathParams(call.path);
    if (names.length > 0) {
      expect(entry.params).toBeInstanceOf(z.ZodObject);
      const shape = (entry.params as z.ZodObject).shape;
      expect(Object.keys(shape).sort()).toEqual([...names].sort());
    }
    // The example body is valid for the contract.
    if (call.body && 'json' in call.body && entry.request) {
      expect(entry.request.safeParse(call.body.json).error).toBeUndefined();
    }
  });
});

describe('the default MSW handlers answer every spec call', () => {
  it.each(specCalls)('$method $url', async (call) => {
    const entry = findEndpoint(call.method, call.path);
    if (call.asUser) resetMockState({ sessionUser: { ...sessionUsers.user } });
    call.setup?.();
    const response = await getResponse(defaultHandlers, toRequest(call));
    expect(response, `no handler answers ${call.method} ${call.url}`).toBeDefined();
    if (!response) return;
    const text = await response.clone().text();
    expect(response.status, text).toBeGreaterThanOrEqual(200);
    expect(response.status, text).toBeLessThan(300);
    if (entry?.response === 'empty') expect(response.status).toBe(204);
    if (entry?.response instanceof z.ZodType) {
      const parsed = entry.response.safeParse(JSON.parse(text));
      expect(
        parsed.error,
        `${call.method} ${call.url} answers outside the contract`,
      ).toBeUndefined();
    }
  });

  it('answers nothing for a path outside the contract (the check above is real)', async () => {
    const response = await getResponse(
      defaultHandlers,
      new Request('http://localhost:6006/api/v1/finns-inte'),
    );
    expect(response).toBeUndefined();
  });

  it('answers whatever origin the API base points at', async () => {
    const [first] = specCalls;
    if (!first) throw new Error('no calls');
    const response = await getResponse(defaultHandlers, toRequest(first, 'https://api.example.se'));
    expect(response?.status).toBe(200);
  });

  it('buildPath fills the example ids', () => {
    expect(buildPath('/api/v1/admin/forms/:id/sections/:sectionId', { id: 1, sectionId: 12 })).toBe(
      '/api/v1/admin/forms/1/sections/12',
    );
    expect(buildPath('/api/v1/user/download/lab-data/:fileName', { fileName: 'a b.pdf' })).toBe(
      '/api/v1/user/download/lab-data/a%20b.pdf',
    );
    expect(() => buildPath('/api/v1/admin/forms/:id', {})).toThrow();
  });
});
