// Why the server ended this browser's session (issue 13): a 401 that carries a `reason`
// (SessionEndReason) says why in its Swedish message. request() keeps that message here; the
// login page shows it once and clears it. Only our own API answers reach request(), so no link
// or page can put text of its own there.

let ended: string | undefined;

/** Keeps the message of a 401 that says why the session ended (its body has a `reason`). */
export function noteSessionEnd(body: unknown, message: string): void {
  if ((body as { reason?: unknown } | null)?.reason) ended = message;
}

/** The message kept since the login page last showed one, if any. */
export const sessionEndNotice = (): string | undefined => ended;

/** Forgets the kept message (the login page has shown it). */
export function clearSessionEnd(): void {
  ended = undefined;
}
