import { delay, type HttpHandler } from 'msw';
import type { EndpointName } from '../../contract/endpoints.ts';
import { answer } from './endpoint.ts';
import { errorResponse, FORBIDDEN } from './respond.ts';

/** Every listed endpoint answers `status` (empty body → the call's Swedish fallback). */
export const errorFor = (names: readonly EndpointName[], status = 500, message?: string) =>
  names.map((name) => answer(name, () => errorResponse(status, message)));

/** Every listed endpoint answers 403 with a Swedish message. */
export const forbiddenFor = (names: readonly EndpointName[]) =>
  names.map((name) => answer(name, () => errorResponse(403, FORBIDDEN)));

/** Every listed endpoint waits `ms` and then falls through to the next handler (the default). */
export const slowFor = (names: readonly EndpointName[], ms = 2000) =>
  names.map((name) =>
    answer(name, async () => {
      await delay(ms);
      return undefined;
    }),
  );

/** Every listed endpoint never answers (a loading state that stays). */
export const loadingFor = (names: readonly EndpointName[]) =>
  names.map((name) =>
    answer(name, async () => {
      await delay('infinite');
      return undefined;
    }),
  );

export interface Scenarios {
  /** 500 (or the given status) with an empty body, so the screen shows its Swedish fallback. */
  error: (status?: number, message?: string) => HttpHandler[];
  /** 403 with 'Du har inte behörighet att utföra denna åtgärd.' */
  forbidden: HttpHandler[];
  /** Two seconds late, then the default answer. */
  slow: HttpHandler[];
  /** Never answers. */
  loading: HttpHandler[];
}

/** The shared scenarios for a resource's endpoints. */
export const scenariosFor = (names: readonly EndpointName[]): Scenarios => ({
  error: (status = 500, message?: string) => errorFor(names, status, message),
  forbidden: forbiddenFor(names),
  slow: slowFor(names),
  loading: loadingFor(names),
});
