// Swedish text of 'Inloggning och säkerhet' (design §4.17) that more than one file shows.

import type { SignInMethodKind } from '@halsa/api/contract';

export type MethodKind = SignInMethodKind;

export const SECURITY_LEAD =
  'Här väljer du hur du bekräftar att det är du när du loggar in. En nyckel eller en autentiseringsapp är säkrare än en kod som skickas med e-post.';

export { signInMethodKindLabels as methodKindLabels } from '@halsa/api/contract';

/** Why she is here right after signing in: the clinic requires a strong method of staff. */
export {
  STRONG_SIGN_IN_NOTICE_TITLE as SETUP_REQUIRED_TITLE,
  STRONG_SIGN_IN_NOTICE_TEXT as SETUP_REQUIRED_TEXT,
} from '../../../components/strong-sign-in-notice/strong-sign-in-notice';

export const PASSKEY_REFUSED =
  'Nyckeln lades inte till. Webbläsaren avbröt eller nekade, eller så finns nyckeln redan. Försök igen.';
export const PASSKEY_UNSUPPORTED =
  'Den här webbläsaren kan inte använda nycklar. Använd en autentiseringsapp i stället.';
export const PASSKEY_ADD_FAILED = 'Kunde inte lägga till nyckeln';
export const TOTP_START_FAILED = 'Kunde inte starta autentiseringsappen';
export const TOTP_CONFIRM_FAILED =
  'Koden stämmer inte. Kontrollera klockan i telefonen och försök igen.';
export const RESERVE_FAILED = 'Kunde inte skapa reservkoder';
export const REMOVE_FAILED = 'Kunde inte ta bort inloggningsmetoden';
export const RESERVE_SHOWN_ONCE =
  'Koderna visas bara den här gången. Skriv ut dem eller spara dem på ett säkert ställe. Varje kod fungerar en gång.';

/** 'nyckeln ”Min telefon”', 'autentiseringsappen ”Telefonen”', 'reservkoderna'. */
export function methodTitle(kind: MethodKind, name: string): string {
  if (kind === 'RESERVE_CODES') return 'reservkoderna';
  return `${kind === 'PASSKEY' ? 'nyckeln' : 'autentiseringsappen'} ”${name}”`;
}
