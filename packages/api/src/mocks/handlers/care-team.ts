// Care teams, emergency access and the log follow-up (design §4.14), as the server answers
// them: a STAFF member outside a client's care team gets 403 NO_CARE_RELATION on the client's
// data until she opens 'Nödåtkomst' (4 hours); ADMIN reads everything and reviews the accesses.
import type { HttpHandler } from 'msw';
import {
  clientLookupQuerySchema,
  EMERGENCY_ACCESS_HOURS,
  EMERGENCY_MESSAGES,
  maskPersonalNumber,
  NO_CARE_RELATION,
  NO_CARE_RELATION_MESSAGE,
  STAFF_CLIENT_MESSAGES,
  STAFF_MESSAGES,
  type CareTeam,
  type Client,
  type EmergencyAccessReview,
  type Id,
  type StaffClient,
  type StaffMember,
} from '../../contract/index.ts';
import { careTeamStaffFixtures } from '../fixtures/care-team.ts';
import { fullName } from '../fixtures/users.ts';
import { mockState, nextMockId } from '../state.ts';
import { clientOr404 } from './clients.ts';
import { answer, on, type MockParams } from './endpoint.ts';
import { idParam, readJson, readQuery, viewer } from './request.ts';
import { errorResponse, HttpResponse, noContent } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

const HOUR = 3600 * 1000;

// Who may read a client's data (design §4.14): ADMIN always; STAFF in the client's care team or
// with an open emergency access, or everyone while 'Åtkomst endast via vårdteam' is off. Used by
// the client, lab-results and care-team routes.

/** The 403 of a client-data route for STAFF outside the client's care team. */
export const noCareRelationResponse = (): Response =>
  HttpResponse.json({ message: NO_CARE_RELATION_MESSAGE, code: NO_CARE_RELATION }, { status: 403 });

export const teamOf = (clientId: Id): Id[] => mockState.careTeam.teams[clientId] ?? [];

const openAccessOf = (staffId: Id, clientId: Id): EmergencyAccessReview | undefined =>
  mockState.careTeam.emergencyAccesses.find(
    (a) =>
      a.staff.id === staffId && a.clientId === clientId && Date.parse(a.expiresAt) > Date.now(),
  );

/** May the signed-in user read this client's data (ADMIN, the team, an open emergency access)? */
export function hasCareRelation(clientId: Id): boolean {
  const user = mockState.sessionUser;
  if (!user || user.role !== 'STAFF') return true;
  if (mockState.careTeamSetting?.careTeamOnly === false) return true;
  return teamOf(clientId).includes(user.id) || openAccessOf(user.id, clientId) !== undefined;
}

/** Throws the 403 NO_CARE_RELATION answer when the signed-in STAFF may not read the client. */
export function careRelationOr403(clientId: Id): void {
  if (!hasCareRelation(clientId)) throw noCareRelationResponse();
}

const staffMembers = (): StaffMember[] =>
  mockState.users.flatMap((u) =>
    u.role === 'USER'
      ? []
      : [{ id: u.id, firstName: u.firstName, lastName: u.lastName, role: u.role }],
  );

const careTeamOf = (clientId: Id): CareTeam => {
  const staff = staffMembers();
  return {
    clientId,
    staff: teamOf(clientId)
      .flatMap((id) => staff.filter((s) => s.id === id))
      .sort((a, b) => fullName(a).localeCompare(fullName(b), 'sv')),
  };
};

const digits = (ssn: string): string => ssn.replace(/\D/g, '');

/** Adds the care-team stories' extra STAFF (Fatima Ali, Johan Ekström, Sara Holmberg). */
export function addCareTeamStaff(): void {
  for (const user of structuredClone(careTeamStaffFixtures)) {
    if (!mockState.users.some((u) => u.id === user.id)) mockState.users.push(user);
  }
}

// ---- Care teams from the person's side (`/staff`, issue 35), as the server answers them: her
// clients by name with the personal number masked, and ADMIN adding or removing one. A
// deactivated person gets no new client; removing is always allowed.

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

const staffClientHandlers: HttpHandler[] = [
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

const staffClientScenarios = {
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

export const careTeamHandlers: HttpHandler[] = [
  ...staffClientHandlers,
  on('clientLookup', ({ request }) => {
    const { personalNumber } = readQuery(request, clientLookupQuerySchema);
    const client = mockState.clients.find(
      (c) => c.socialSecurityNumber && digits(c.socialSecurityNumber) === digits(personalNumber),
    );
    if (!client) return errorResponse(404, 'Ingen klient har det personnumret.');
    return HttpResponse.json({
      id: client.id,
      firstName: client.firstName,
      lastName: client.lastName,
      inCareTeam: hasCareRelation(client.id),
    });
  }),
  on('careTeam', ({ params }) => {
    const client = clientOr404(params);
    careRelationOr403(client.id);
    return HttpResponse.json(careTeamOf(client.id));
  }),
  on('updateCareTeam', async ({ request, params }) => {
    const client = clientOr404(params);
    const { staffIds } = await readJson(request, 'updateCareTeam');
    const known = new Set(staffMembers().map((s) => s.id));
    if (staffIds.some((id) => !known.has(id))) {
      return errorResponse(400, 'Vårdteamet kan bara bestå av personal.');
    }
    mockState.careTeam.teams[client.id] = [...new Set(staffIds)];
    return HttpResponse.json(careTeamOf(client.id));
  }),
  on('emergencyAccess', async ({ request, params }) => {
    const client = clientOr404(params);
    const { reason, comment } = await readJson(request, 'emergencyAccess');
    const me = viewer();
    if (teamOf(client.id).includes(me.id)) return errorResponse(400, EMERGENCY_MESSAGES.notStaff);
    const opened = new Date();
    const access: EmergencyAccessReview = {
      id: nextMockId(),
      clientId: client.id,
      reason,
      comment: comment ? comment : null,
      openedAt: opened.toISOString(),
      expiresAt: new Date(opened.getTime() + EMERGENCY_ACCESS_HOURS * HOUR).toISOString(),
      staff: { id: me.id, name: fullName(me) },
      client: { id: client.id, name: fullName(client) },
      rows: 0,
      read: [],
      reviewedAt: null,
      reviewedBy: null,
      reviewComment: null,
    };
    mockState.careTeam.emergencyAccesses.push(access);
    const { id, clientId, openedAt, expiresAt } = access;
    return HttpResponse.json({
      id,
      clientId,
      reason,
      comment: access.comment,
      openedAt,
      expiresAt,
    });
  }),
  on('myEmergencyAccesses', () => {
    const me = viewer();
    const now = Date.now();
    return HttpResponse.json(
      mockState.careTeam.emergencyAccesses
        .filter((a) => a.staff.id === me.id && Date.parse(a.expiresAt) > now)
        .map(({ id, clientId, openedAt, expiresAt }) => ({ id, clientId, openedAt, expiresAt })),
    );
  }),
  on('closeEmergencyAccess', ({ params }) => {
    const id = idParam(params);
    const me = viewer();
    const access = mockState.careTeam.emergencyAccesses.find(
      (a) => a.id === id && a.staff.id === me.id && Date.parse(a.expiresAt) > Date.now(),
    );
    if (!access) return errorResponse(404, 'Nödåtkomsten hittades inte.');
    access.expiresAt = new Date().toISOString();
    const { clientId, reason, comment, openedAt, expiresAt } = access;
    return HttpResponse.json({ id, clientId, reason, comment, openedAt, expiresAt });
  }),
  on('accessReviewCount', () =>
    HttpResponse.json({
      unreviewed: mockState.careTeam.emergencyAccesses.filter((a) => a.reviewedAt === null).length,
    }),
  ),
  on('accessReview', ({ request }) => {
    const reviewed = new URL(request.url).searchParams.get('reviewed') === 'true';
    const emergencyAccesses = mockState.careTeam.emergencyAccesses
      .filter((a) => (a.reviewedAt !== null) === reviewed)
      .sort((a, b) => b.openedAt.localeCompare(a.openedAt));
    return HttpResponse.json({ emergencyAccesses, patterns: mockState.careTeam.patterns });
  }),
  on('reviewEmergencyAccess', async ({ request, params }) => {
    const id = idParam(params);
    const access = mockState.careTeam.emergencyAccesses.find((a) => a.id === id);
    if (!access) return errorResponse(404, 'Nödåtkomsten hittades inte.');
    const { comment } = await readJson(request, 'reviewEmergencyAccess');
    if (access.reviewedAt) return errorResponse(409, 'Nödåtkomsten är redan granskad.');
    // As the server (design §4.20): never by the person who used it, only once it has closed.
    if (access.staff.id === viewer().id) {
      return errorResponse(403, EMERGENCY_MESSAGES.reviewOwnAccess);
    }
    if (Date.parse(access.expiresAt) > Date.now()) {
      return errorResponse(409, EMERGENCY_MESSAGES.reviewStillOpen);
    }
    access.reviewedAt = new Date().toISOString();
    access.reviewedBy = fullName(viewer());
    access.reviewComment = comment;
    return HttpResponse.json(access);
  }),
  on('careTeamSetting', () => HttpResponse.json(mockState.careTeamSetting)),
  on('updateCareTeamSetting', async ({ request }) => {
    mockState.careTeamSetting = await readJson(request, 'updateCareTeamSetting');
    return HttpResponse.json(mockState.careTeamSetting);
  }),
];

const emptyReview = () => HttpResponse.json({ emergencyAccesses: [], patterns: [] });

export const careTeamScenarios = {
  ...scenariosFor([
    'clientLookup',
    'careTeam',
    'updateCareTeam',
    'emergencyAccess',
    'accessReview',
    'reviewEmergencyAccess',
    'careTeamSetting',
    'updateCareTeamSetting',
    'myEmergencyAccesses',
    'closeEmergencyAccess',
    'accessReviewCount',
    'staffClients',
    'addStaffClient',
    'removeStaffClient',
  ]),
  ...staffClientScenarios,
  /** The clinic's care-team switch cannot be fetched (→ 'Kunde inte hämta inställningen'). */
  settingFailure: [answer('careTeamSetting', () => errorResponse(500))],
  /** The client page answers 403 NO_CARE_RELATION whoever asks (until the story changes it). */
  noCareRelation: [answer('client', () => noCareRelationResponse())],
  /** Saving the care team fails without a message (→ 'Kunde inte spara vårdteamet'). */
  updateCareTeamFailure: [answer('updateCareTeam', () => errorResponse(500))],
  /** Opening the emergency access fails with the server's message. */
  emergencyAccessFailure: [
    answer('emergencyAccess', () =>
      errorResponse(503, 'Nödåtkomsten kunde inte öppnas just nu. Försök igen om en stund.'),
    ),
  ],
  /** Nobody has the personal number. */
  lookupNotFound: [
    answer('clientLookup', () => errorResponse(404, 'Ingen klient har det personnumret.')),
  ],
  /** Nothing to follow up: no emergency accesses, no patterns. */
  reviewEmpty: [answer('accessReview', emptyReview)],
  /** Marking as reviewed fails without a message (→ 'Kunde inte markera som granskad'). */
  reviewFailure: [answer('reviewEmergencyAccess', () => errorResponse(500))],
};
