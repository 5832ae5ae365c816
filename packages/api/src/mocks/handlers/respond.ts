import { HttpResponse } from 'msw';

export const NOT_SIGNED_IN = 'Du är inte inloggad.';
export const FORBIDDEN = 'Du har inte behörighet att utföra denna åtgärd.';

/** An error answer: with a message as `{ message }`, without one an empty body (→ fallback). */
export const errorResponse = (status: number, message?: string): Response =>
  message === undefined
    ? new HttpResponse(null, { status })
    : HttpResponse.json({ message }, { status });

export const noContent = (): Response => new HttpResponse(null, { status: 204 });

export const nowIso = (): string => new Date().toISOString();

export { HttpResponse };
