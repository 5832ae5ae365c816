// Invitations (design.md §4.8): ADMIN invites a client; she shows as invited at once.
import type { HttpHandler } from 'msw';
import { MOCK_NOW, mockState, nextMockId } from '../state.ts';
import { on } from './endpoint.ts';
import { readJson } from './request.ts';
import { errorResponse, HttpResponse } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

export const invitationHandlers: HttpHandler[] = [
  on('createInvitation', async ({ request }) => {
    const { email } = await readJson(request, 'createInvitation');
    if (mockState.clients.some((c) => c.email === email)) {
      return errorResponse(409, 'Det finns redan en användare med den e-postadressen.');
    }
    const id = nextMockId();
    mockState.clients.push({
      id,
      firstName: '',
      lastName: '',
      socialSecurityNumber: null,
      street: null,
      city: null,
      phoneNumber: null,
      email,
      createdAt: MOCK_NOW,
      updatedAt: MOCK_NOW,
      membership: null,
      package: null,
      lastActive: null,
      registrationStatus: 'INVITED',
    });
    const expiresAt = new Date(Date.parse(MOCK_NOW) + 7 * 24 * 3600 * 1000).toISOString();
    return HttpResponse.json({ email, expiresAt }, { status: 201 });
  }),
];

export const invitationScenarios = {
  ...scenariosFor(['createInvitation']),
};
