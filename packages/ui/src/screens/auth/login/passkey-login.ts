// 'Logga in med nyckel' (design §4.17): a discoverable passkey is both factors, so she signs in
// with no e-mail address, password or code. Imported by /login only when the button is pressed,
// so neither the WebAuthn library nor these calls are in /login's first JavaScript.
import { fetchPasskeyLoginOptions, passkeyLogin } from '@halsa/api';
import type { SessionUser } from '@halsa/api/contract';
import { isBrowserRefusal, signWithPasskey } from '../../../lib/passkey';
import { errorText } from '../../../lib/server-message';
import { landingFor } from '../shared/landing';

export const PASSKEY_LOGIN_CANCELLED =
  'Inloggningen med nyckel avbröts. Försök igen, eller logga in med e-post och lösenord.';
export const PASSKEY_LOGIN_UNSUPPORTED =
  'Den här webbläsaren kan inte logga in med nyckel. Logga in med e-post och lösenord.';
export const PASSKEY_LOGIN_FAILED = 'Inloggning med nyckel misslyckades';

/**
 * Asks the server for a challenge, lets the browser's prompt sign it with one of her keys and
 * sends the answer back. Resolves with the session user and where to go; throws an Error whose
 * message is the Swedish reason.
 */
export async function signInWithPasskey(): Promise<{ user: SessionUser; to: string }> {
  if (typeof window.PublicKeyCredential !== 'function') {
    throw new Error(PASSKEY_LOGIN_UNSUPPORTED);
  }
  try {
    const { loginId, options } = await fetchPasskeyLoginOptions();
    const credential = await signWithPasskey(options);
    const user = await passkeyLogin({ loginId, credential });
    return { user, to: landingFor(user) };
  } catch (error) {
    throw new Error(
      isBrowserRefusal(error) ? PASSKEY_LOGIN_CANCELLED : errorText(error, PASSKEY_LOGIN_FAILED),
      { cause: error },
    );
  }
}
