// Why the server ended this browser's session (issue 13): a 401 answer may carry a `reason`
// (SessionEndReason) beside its message. request() notes it here; the login page shows the
// matching fixed Swedish notice once and clears it. Only known codes are kept, so no answer can
// put text of its own on the page.
import type { SessionEndReason } from '../contract/auth.ts';

let ended: SessionEndReason | undefined;

/** Notes the `reason` of a 401 body; a body without a known reason leaves the note as it is. */
export function noteSessionEnd(body: unknown): void {
  const reason = (body as { reason?: unknown } | null)?.reason;
  if (reason === 'PASSWORD_CHANGED' || reason === 'EXPIRED') ended = reason;
}

/** The reason noted since the login page last showed one, if any. */
export const sessionEndReason = (): SessionEndReason | undefined => ended;

/** Forgets the noted reason (the login page has shown it). */
export function clearSessionEnd(): void {
  ended = undefined;
}
