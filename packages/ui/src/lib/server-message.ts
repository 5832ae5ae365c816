import { isApiError } from '@halsa/api';

/**
 * The message the server sent with a failed call, if it sent one (spec §8: a string body, or the
 * body's `message` field). `undefined` when the body carried none, so a screen can show its own
 * Swedish fallback ('Verifiering misslyckades. Försök igen.' …) instead of the call's.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const { body } = error;
  if (typeof body === 'string') return body.trim() || undefined;
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/** The server's message, else `fallback`. */
export const messageOr = (error: unknown, fallback: string): string =>
  serverMessage(error) ?? fallback;

/** The error's Swedish message as `request()` built it (server text or the call's fallback). */
export const errorText = (error: unknown, fallback: string): string =>
  isApiError(error) && error.message ? error.message : fallback;
