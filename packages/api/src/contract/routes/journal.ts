// A client's journal (spec §7, §2.4): her daily notes, staff's view of it and the latest signed
// note, the journal settings, and filling in and signing a client's note. A part of the route
// table (routes.ts); the forms builder's calls are in routes/forms.ts.
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

  // Filling in and signing a client's note: STAFF who may read her now (care team or an open
  // emergency access; the server's care-team rule) as well as ADMIN, since her care team starts
  // a note from her questionnaire answers (design §4.19). Settings and forms stay ADMIN's.
  journalNote: {
    method: 'GET',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/note',
    response: 'json',
    fallback: 'Misslyckades att ladda formulär.',
    roles: STAFF,
    clientData: true,
  },
  saveJournalNote: {
    method: 'PUT',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/note',
    response: 'json',
    fallback: 'Misslyckades att spara anteckningen',
    roles: STAFF,
    clientData: true,
  },
  signJournalNote: {
    method: 'POST',
    path: '/api/v1/admin/users/:userId/journal/forms/:formId/sign-and-send',
    response: 'json',
    fallback: fallbacks.sendForm,
    roles: STAFF,
    clientData: true,
  },
} as const satisfies Record<string, RouteDef>;
