// A client's journal (spec §7, §2.4): her daily notes, staff's view of it and the latest signed
// note, the journal settings, the forms builder's calls, and filling in and signing a client's
// note. A part of the route table (routes.ts). STAFF builds forms; deleting and publishing one
// reach every client's journal, so they are ADMIN's (spec §6 'forms'; issue 22).
import type { RouteDef } from '../routes.ts';
import { SIGNED_IN } from '../route-base.ts';
import { ADMIN, fallbacks, STAFF } from '../route-shared.ts';

export const journalRouteDefs = {
  dailyNotes: {
    method: 'GET',
    path: '/api/v1/user/journal/daily-notes',
    response: 'json',
    fallback: 'Kunde inte hämta dagliga anteckningar',
    roles: SIGNED_IN,
  },
  clientJournal: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/journal',
    response: 'json',
    fallback: 'Kunde inte hämta journal',
    roles: STAFF,
    clientData: true,
  },
  latestSignedNote: {
    method: 'GET',
    path: '/api/v1/admin/users/:id/journal/daily-notes/latest-signed',
    response: 'json',
    fallback: 'Kunde inte hämta senaste signerade anteckning',
    roles: STAFF,
    clientData: true,
  },
  journalSettings: {
    method: 'GET',
    path: '/api/v1/admin/journal/settings',
    response: 'json',
    fallback: 'Kunde inte hämta journalinställningar',
    roles: STAFF,
  },
  updateJournalSettings: {
    method: 'PUT',
    path: '/api/v1/admin/journal/settings',
    response: 'json',
    fallback: 'Kunde inte spara journalinställningar',
    roles: ADMIN,
  },

  // ---- forms ------------------------------------------------------------------------------------
  formSummaries: {
    method: 'GET',
    path: '/api/v1/admin/forms/getSummaries',
    response: 'json',
    fallback: fallbacks.fetchForms,
    roles: STAFF,
  },
  createForm: {
    method: 'POST',
    path: '/api/v1/admin/forms',
    response: 'json',
    fallback: fallbacks.createForm,
    roles: STAFF,
  },
  form: {
    method: 'GET',
    path: '/api/v1/admin/forms/:id',
    response: 'json',
    fallback: fallbacks.fetchForms,
    roles: STAFF,
  },
  updateForm: {
    method: 'PUT',
    path: '/api/v1/admin/forms/:id',
    response: 'json',
    fallback: 'Misslyckades att spara formulär',
    roles: STAFF,
  },
  deleteForm: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id',
    response: 'empty',
    fallback: 'Misslyckades att ta bort formulär',
    roles: ADMIN,
  },
  publishForm: {
    method: 'PUT',
    path: '/api/v1/admin/forms/:id/publish',
    response: 'json',
    fallback: 'Misslyckades att publicera formulär',
    roles: ADMIN,
  },
  deleteFormSection: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id/sections/:sectionId',
    response: 'json',
    fallback: 'Misslyckades att ta bort sektionen',
    roles: STAFF,
  },
  deleteFormQuestion: {
    method: 'DELETE',
    path: '/api/v1/admin/forms/:id/sections/:sectionId/questions/:questionId',
    response: 'json',
    fallback: 'Misslyckades att ta bort frågan',
    roles: STAFF,
  },
  duplicateForm: {
    method: 'POST',
    path: '/api/v1/admin/forms/:id/duplicate',
    response: 'json',
    fallback: 'Misslyckades att duplicera formulär',
    roles: STAFF,
  },
  journalNote: {
    method: 'GET',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/note',
    response: 'json',
    fallback: 'Misslyckades att ladda formulär.',
    roles: ADMIN,
    clientData: true,
  },
  saveJournalNote: {
    method: 'PUT',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/note',
    response: 'json',
    fallback: 'Misslyckades att spara anteckningen',
    roles: ADMIN,
    clientData: true,
  },
  signAndSendForm: {
    method: 'POST',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/sign-and-send',
    response: 'json',
    fallback: fallbacks.sendForm,
    roles: ADMIN,
    clientData: true,
  },
} as const satisfies Record<string, RouteDef>;
