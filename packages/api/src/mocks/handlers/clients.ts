// Clients (spec §7 Administration): the client list, one client, the reset link.
import type { HttpHandler } from 'msw';
import { mockState } from '../state.ts';
import {
  answer,
  errorResponse,
  HttpResponse,
  idParam,
  noContent,
  on,
  scenariosFor,
  type MockParams,
} from './utils.ts';

/** The mocked client of a path parameter, or a 404 'Klienten hittades inte.'. */
export const clientOr404 = (params: MockParams, name = 'id') => {
  const id = idParam(params, name);
  const client = mockState.clients.find((c) => c.id === id);
  if (!client) throw errorResponse(404, 'Klienten hittades inte.');
  return client;
};

export const clientHandlers: HttpHandler[] = [
  on('clients', () => HttpResponse.json(mockState.clients)),
  on('client', ({ params }) => HttpResponse.json(clientOr404(params))),
  on('sendResetLink', ({ params }) => {
    clientOr404(params, 'userId');
    return noContent();
  }),
];

export const clientScenarios = {
  ...scenariosFor(['clients', 'client', 'sendResetLink']),
  /** No clients. */
  empty: [answer('clients', () => HttpResponse.json([]))],
  /** Client not found (404 'Klienten hittades inte.'). */
  clientNotFound: [answer('client', () => errorResponse(404, 'Klienten hittades inte.'))],
  /** The reset link is not sent (→ 'Ett fel uppstod vid försök att skicka återställningslänken'). */
  resetLinkFailure: [answer('sendResetLink', () => errorResponse(500))],
};
