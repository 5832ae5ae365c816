// Clients (spec §7 Administration): the client list, one client, the reset link.
import type { HttpHandler } from 'msw';
import type { Client } from '../../contract/index.ts';
import { fullName } from '../fixtures/users.ts';
import { mockState } from '../state.ts';
import { careRelationOr403, hasCareRelation } from './care-team.ts';
import { answerPage } from './paging.ts';
import { answer, on, type MockParams } from './endpoint.ts';
import { idParam } from './request.ts';
import { errorResponse, HttpResponse, noContent } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

/** The mocked client of a path parameter, or a 404 'Klienten hittades inte.'. */
export const clientOr404 = (params: MockParams, name = 'id') => {
  const id = idParam(params, name);
  const client = mockState.clients.find((c) => c.id === id);
  if (!client) throw errorResponse(404, 'Klienten hittades inte.');
  return client;
};

const sortClients = (rows: Client[], sort: string | null, order: 'asc' | 'desc'): Client[] => {
  const key = (c: Client): string =>
    sort === 'lastActive' ? (c.lastActive ?? '') : sort === 'createdAt' ? c.createdAt : fullName(c);
  const sorted = [...rows].sort((a, b) => key(a).localeCompare(key(b), 'sv'));
  return order === 'desc' ? sorted.reverse() : sorted;
};

export const clientHandlers: HttpHandler[] = [
  on('clients', ({ request }) =>
    // STAFF sees her care team's clients ('Mina klienter', design §4.14).
    answerPage(
      mockState.clients.filter((c) => hasCareRelation(c.id)),
      request,
      {
        searchText: (c) => `${fullName(c)} ${c.socialSecurityNumber ?? ''} ${c.email}`,
        sort: sortClients,
      },
    ),
  ),
  on('client', ({ params }) => {
    const client = clientOr404(params);
    careRelationOr403(client.id);
    return HttpResponse.json(client);
  }),
  on('sendResetLink', ({ params }) => {
    clientOr404(params, 'userId');
    return noContent();
  }),
];

export const clientScenarios = {
  ...scenariosFor(['clients', 'client', 'sendResetLink']),
  /** No clients. */
  empty: [answer('clients', ({ request }) => answerPage([], request))],
  /** Client not found (404 'Klienten hittades inte.'). */
  clientNotFound: [answer('client', () => errorResponse(404, 'Klienten hittades inte.'))],
  /** The reset link is not sent (→ 'Ett fel uppstod vid försök att skicka återställningslänken'). */
  resetLinkFailure: [answer('sendResetLink', () => errorResponse(500))],
};
