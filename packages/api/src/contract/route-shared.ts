// What the signed-in parts of the route table share: the staff roles, the one-file upload and the
// fallback messages of spec §8 that several calls use. Not in route-base.ts, which /login
// loads (issue 14, budget): only the signed-in table needs these.
import { authFallbacks } from './route-base.ts';

export const STAFF = ['STAFF', 'ADMIN'] as const;
export const ADMIN = ['ADMIN'] as const;

export const fileFile = [{ name: 'file', required: true }] as const;

/** Fallback messages of spec §8 that several calls share. */
export const fallbacks = {
  ...authFallbacks,
  conversationExists: 'Du har redan en konversation med användaren',
  fetchForms: 'Misslyckades att hämta formulär',
  createForm: 'Misslyckades att skapa nytt formulär',
  sendForm: 'Misslyckades att skicka formuläret',
  download: 'Kunde inte ladda ner filen',
} as const;
