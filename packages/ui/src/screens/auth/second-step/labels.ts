// The second step of signing in (design §4.17): its ways, titles and messages.

import type { LoginStepMethod } from '@halsa/api/contract';

/** A way to finish signing in after the password (the server lists hers, strongest first). */
export type SecondStepWay = LoginStepMethod;

/** The page's h1 for each way. */
export const stepTitles: Record<SecondStepWay, string> = {
  PASSKEY: 'Bekräfta med din nyckel',
  TOTP: 'Ange koden från din autentiseringsapp',
  RESERVE_CODE: 'Ange en reservkod',
  EMAIL: 'Ange verifieringskod',
};

/** The line under the h1. */
export const stepLeads: Record<SecondStepWay, string> = {
  PASSKEY:
    'Din webbläsare frågar efter nyckeln. Lås upp den med fingeravtryck, ansikte eller pinkod.',
  TOTP: 'Öppna autentiseringsappen i din telefon och skriv in koden med sex siffror som den visar nu.',
  RESERVE_CODE: 'Skriv in en av dina reservkoder. Varje kod fungerar en gång.',
  EMAIL: 'Vi har skickat en kod med sex siffror till din e-postadress. Koden gäller i 10 minuter.',
};

/** The choice in 'Välj ett annat sätt'. */
export const wayChoices: Record<SecondStepWay, string> = {
  PASSKEY: 'Använd min nyckel',
  TOTP: 'Använd autentiseringsappen',
  RESERVE_CODE: 'Använd en reservkod',
  EMAIL: 'Skicka en kod till min e-post',
};

export const OTHER_WAYS = 'Välj ett annat sätt';
export const PASSKEY_CANCELLED =
  'Nyckeln användes inte. Försök igen, eller välj ett annat sätt att logga in.';
export const PASSKEY_STEP_FAILED = 'Nyckeln godtogs inte. Försök igen eller välj ett annat sätt.';
export const CODE_STEP_FAILED = 'Verifiering misslyckades. Försök igen.';
export const TOTP_INCOMPLETE = 'Ange koden med sex siffror.';
export const RESERVE_INCOMPLETE = 'Ange hela reservkoden.';
