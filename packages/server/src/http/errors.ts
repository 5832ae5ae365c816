// Errors that become an HTTP answer `{ message }` with a Swedish text (spec §8).
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Machine-readable fields sent beside `message`, e.g. a 401's `reason`. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
/** 401; `reason` says why the session ended when the server knows (SessionEndReason). */
export const unauthorized = (message = 'Du är inte inloggad.', reason?: string) =>
  new HttpError(401, message, {}, reason ? { reason } : {});
export const forbidden = (message = 'Du har inte behörighet att göra detta.') =>
  new HttpError(403, message);
export const notFound = (message = 'Resursen finns inte.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(
    429,
    message,
    retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) },
  );

export const MESSAGES = {
  generic: 'Något gick fel',
  invalidJson: 'Förfrågan innehåller ogiltig JSON.',
  tooLarge: 'Förfrågan är för stor.',
  badRequest: 'Ogiltig förfrågan.',
  unsupportedType: 'Innehållstypen stöds inte.',
  notFound: 'Resursen finns inte.',
  badOrigin: 'Förfrågan kommer från ett otillåtet ursprung.',
} as const;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A wait in Swedish words: '40 sekunder', '1 minut', '12 minuter', '2 timmar och 5 minuter'. */
export function swedishWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return count(s, 'sekund', 'sekunder');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return count(minutes, 'minut', 'minuter');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = count(hours, 'timme', 'timmar');
  return rest === 0 ? h : `${h} och ${count(rest, 'minut', 'minuter')}`;
}

/**
 * A rate limit's 429 (issue 35): when she may try again and what to do meanwhile. Locked out of
 * her password, the next step is a reset link ('Glömt lösenord?' on /login) or the clinic.
 */
export function rateLimitedMessage(retryAfterSeconds: number, lock: 'password' | 'other'): string {
  const next =
    lock === 'password'
      ? "Har du glömt lösenordet kan du välja 'Glömt lösenord?' på inloggningssidan och byta det, eller kontakta mottagningen."
      : 'Kontakta mottagningen om det fortsätter.';
  return `För många förfrågningar. Försök igen om ${swedishWait(retryAfterSeconds)}. ${next}`;
}
