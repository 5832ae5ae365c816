// Care teams from the person's side (`/staff`, issue 35), as the server answers them: her
// clients by name with the personal number masked, and ADMIN adding or removing one. A
// deactivated person gets no new client; removing is always allowed.
import type { HttpHandler } from 'msw';
import {
  maskPersonalNumber,
  STAFF_CLIENT_MESSAGES,
  STAFF_MESSAGES,
  type Client,
  type Id,
  type StaffClient,
} from '../../contract/index.ts';
import { mockState } from '../state.ts';
import { teamOf } from './care-relation.ts';
import { clientOr404 } from './clients.ts';
import { answer, on, type MockParams } from './endpoint.ts';
import { idParam, readJson } from './request.ts';
import { errorResponse, HttpResponse, noContent } from './respond.ts';

/** The staff account of the path's `id`: 404 when none, 400 for a client. */
function staffOr4xx(params: MockParams) {
  const id = idParam(params);
  const user = mockState.users.find((u) => u.id === id);
  if (!user) throw errorResponse(404, STAFF_MESSAGES.notFound);
  if (user.role === 'USER') throw errorResponse(400, STAFF_MESSAGES.notStaff);
  return user;
}

const toStaffClient = (c: Client): StaffClient => ({
  id: c.id,
  firstName: c.firstName,
  lastName: c.lastName,
  socialSecurityNumber: maskPersonalNumber(c.socialSecurityNumber),
});

/** The clients whose care team `staffId` is in, by name. */
export const clientsOf = (staffId: Id): StaffClient[] =>
  mockState.clients
    .filter((c) => teamOf(c.id).includes(staffId))
    // By last name, as the server answers.
    .sort((a, b) =>
      `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`, 'sv'),
    )
    .map(toStaffClient);

export const staffClientHandlers: HttpHandler[] = [
  on('staffClients', ({ params }) => {
    const staff = staffOr4xx(params);
    return HttpResponse.json({ staffId: staff.id, clients: clientsOf(staff.id) });
  }),
  on('addStaffClient', async ({ request, params }) => {
    const staff = staffOr4xx(params);
    const { clientId } = await readJson(request, 'addStaffClient');
    const client = clientOr404({ id: String(clientId) });
    if (mockState.accounts[staff.id]?.status === 'INACTIVE') {
      return errorResponse(400, STAFF_CLIENT_MESSAGES.deactivated);
    }
    const team = teamOf(client.id);
    if (!team.includes(staff.id)) mockState.careTeam.teams[client.id] = [...team, staff.id];
    return HttpResponse.json(toStaffClient(client));
  }),
  on('removeStaffClient', ({ params }) => {
    const staff = staffOr4xx(params);
    const client = clientOr404(params, 'clientId');
    mockState.careTeam.teams[client.id] = teamOf(client.id).filter((id) => id !== staff.id);
    return noContent();
  }),
];

export const staffClientScenarios = {
  /** She has no clients yet. */
  staffClientsEmpty: [
    answer('staffClients', ({ params }) =>
      HttpResponse.json({ staffId: idParam(params), clients: [] }),
    ),
  ],
  /** Adding fails without a message (→ 'Kunde inte lägga till klienten'). */
  addStaffClientFailure: [answer('addStaffClient', () => errorResponse(500))],
  /** Removing fails with the server's message. */
  removeStaffClientFailure: [
    answer('removeStaffClient', () =>
      errorResponse(503, 'Vårdteamet kunde inte ändras just nu. Försök igen om en stund.'),
    ),
  ],
};
