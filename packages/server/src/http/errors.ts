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
  rateLimited: 'För många förfrågningar. Vänta en stund och försök igen.',
  badOrigin: 'Förfrågan kommer från ett otillåtet ursprung.',
} as const;
