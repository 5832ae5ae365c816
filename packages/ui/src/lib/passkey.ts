// The browser's side of a passkey (design §4.17), through @simplewebauthn/browser: it turns the
// server's JSON options into `navigator.credentials` calls and the answer back into JSON. This
// module is only imported by the pages that use a key (a dynamic import on /login), so the
// library never rides in /login's first JavaScript.
import { startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type {
  PasskeyAuthenticationResponse,
  PasskeyCreationOptions,
  PasskeyRegistrationResponse,
  PasskeyRequestOptions,
} from '@halsa/api/contract';

/** The browser's prompt makes a new key. */
export const createPasskey = async (
  options: PasskeyCreationOptions,
): Promise<PasskeyRegistrationResponse> =>
  (await startRegistration({ optionsJSON: options })) as PasskeyRegistrationResponse;

/** The browser's prompt signs the challenge with one of her keys. */
export const signWithPasskey = async (
  options: PasskeyRequestOptions,
): Promise<PasskeyAuthenticationResponse> =>
  (await startAuthentication({ optionsJSON: options })) as PasskeyAuthenticationResponse;

/**
 * The browser, not the server, said no: she cancelled, the prompt timed out, the key exists
 * already, or the browser cannot make keys. These are not the server's words to show.
 */
export const isBrowserRefusal = (error: unknown): boolean =>
  error instanceof WebAuthnError ||
  (error instanceof Error &&
    [
      'NotAllowedError',
      'AbortError',
      'InvalidStateError',
      'NotSupportedError',
      'SecurityError',
    ].includes(error.name));
