// People and access (design §4.14): `/staff`'s accounts, roles, deactivating, reactivating and
// unlocking any account (a client's too). The rules mirror the
// server: nobody deactivates herself or the last active ADMIN, an e-mail is used once.
import type { HttpHandler } from 'msw';
import {
  maskPersonalNumber,
  STAFF_MESSAGES,
  type AccountState,
  type Id,
  type StaffAccount,
  type StaffRole,
} from '../../contract/index.ts';
import { extraStaffFixtures, type MockAccount } from '../fixtures/staff.ts';
import type { DemoUser } from '../fixtures/users.ts';
import { mockState, nextMockId } from '../state.ts';
import { answer, on, type MockParams } from './endpoint.ts';
import { idParam, readJson, viewer } from './request.ts';
import { errorResponse, HttpResponse } from './respond.ts';
import { scenariosFor } from './scenarios.ts';
import { clientsOf } from './care-team.ts';

const isStaffRole = (role: string): role is StaffRole => role === 'STAFF' || role === 'ADMIN';

/** The account's flags; a client's start from her registration (invited or active). */
function accountOf(id: Id): MockAccount {
  const stored = mockState.accounts[id];
  if (stored) return stored;
  const client = mockState.clients.find((c) => c.id === id);
  const account: MockAccount = {
    status: client?.registrationStatus === 'INVITED' ? 'INVITED' : 'ACTIVE',
    locked: false,
    lastActive: client?.lastActive ?? null,
  };
  mockState.accounts[id] = account;
  return account;
}

const knownId = (id: Id): boolean =>
  mockState.users.some((u) => u.id === id) || mockState.clients.some((c) => c.id === id);

/** The id of a path parameter naming an account, or a 404 'Kontot hittades inte.'. */
const accountIdOr404 = (params: MockParams): Id => {
  const id = idParam(params);
  if (!knownId(id)) throw errorResponse(404, STAFF_MESSAGES.notFound);
  return id;
};

const staffUserOr404 = (params: MockParams): DemoUser & { role: StaffRole } => {
  const id = idParam(params);
  const user = mockState.users.find((u) => u.id === id);
  if (!user) throw errorResponse(404, STAFF_MESSAGES.notFound);
  if (!isStaffRole(user.role)) throw errorResponse(400, STAFF_MESSAGES.notStaff);
  return user as DemoUser & { role: StaffRole };
};

const toStaffAccount = (user: DemoUser & { role: StaffRole }): StaffAccount => {
  const { status, locked, lastActive, personalNumber } = accountOf(user.id);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    status,
    locked,
    lastActive,
    personalNumber: maskPersonalNumber(personalNumber ?? null),
    clientCount: clientsOf(user.id).length,
  };
};

const stateOf = (id: Id): AccountState => {
  const { status, locked } = accountOf(id);
  return { id, status, locked };
};

const staffUsers = () =>
  mockState.users
    .filter((u): u is DemoUser & { role: StaffRole } => isStaffRole(u.role))
    .sort((a, b) =>
      `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`, 'sv'),
    );

const activeAdmins = (): number =>
  staffUsers().filter((u) => u.role === 'ADMIN' && accountOf(u.id).status === 'ACTIVE').length;

/** 400 for herself, 409 when the account is the last active ADMIN. */
function guardLastAdmin(id: Id) {
  if (id === viewer().id) throw errorResponse(400, STAFF_MESSAGES.self);
  const user = mockState.users.find((u) => u.id === id);
  if (user?.role === 'ADMIN' && accountOf(id).status === 'ACTIVE' && activeAdmins() <= 1) {
    throw errorResponse(409, STAFF_MESSAGES.lastAdmin);
  }
}

const emailTaken = (email: string): boolean => {
  const wanted = email.toLowerCase();
  return (
    mockState.users.some((u) => u.email.toLowerCase() === wanted) ||
    mockState.clients.some((c) => c.email.toLowerCase() === wanted)
  );
};

/** Whether a STAFF or ADMIN other than `except` has this personal number (unique, §4.18). */
const personalNumberTaken = (pnr: string, except?: Id): boolean =>
  Object.entries(mockState.accounts).some(
    ([id, a]) => a.personalNumber === pnr && Number(id) !== except,
  );

export const staffHandlers: HttpHandler[] = [
  on('staffAccounts', () => HttpResponse.json(staffUsers().map(toStaffAccount))),
  on('createStaff', async ({ request }) => {
    const body = await readJson(request, 'createStaff');
    if (emailTaken(body.email)) return errorResponse(409, STAFF_MESSAGES.emailTaken);
    const personalNumber = body.personalNumber || null;
    if (personalNumber && personalNumberTaken(personalNumber)) {
      return errorResponse(409, STAFF_MESSAGES.personalNumberTaken);
    }
    const { personalNumber: _pnr, ...fields } = body;
    const user = { id: nextMockId(), imageUrl: null, ...fields };
    mockState.users.push(user);
    mockState.accounts[user.id] = {
      status: 'INVITED',
      locked: false,
      lastActive: null,
      personalNumber,
    };
    return HttpResponse.json(toStaffAccount(user), { status: 201 });
  }),
  on('changeRole', async ({ request, params }) => {
    const user = staffUserOr404(params);
    const { role } = await readJson(request, 'changeRole');
    if (user.id === viewer().id) return errorResponse(400, STAFF_MESSAGES.self);
    if (role !== 'ADMIN') guardLastAdmin(user.id);
    user.role = role;
    return HttpResponse.json(toStaffAccount(user));
  }),
  on('setPersonalNumber', async ({ request, params }) => {
    const user = staffUserOr404(params);
    const pnr = (await readJson(request, 'setPersonalNumber')).personalNumber || null;
    if (pnr && personalNumberTaken(pnr, user.id)) {
      return errorResponse(409, STAFF_MESSAGES.personalNumberTaken);
    }
    accountOf(user.id).personalNumber = pnr;
    return HttpResponse.json(toStaffAccount(user));
  }),
  on('accountState', ({ params }) => HttpResponse.json(stateOf(accountIdOr404(params)))),
  on('deactivateUser', ({ params }) => {
    const id = accountIdOr404(params);
    guardLastAdmin(id);
    accountOf(id).status = 'INACTIVE';
    return HttpResponse.json(stateOf(id));
  }),
  on('reactivateUser', ({ params }) => {
    const id = accountIdOr404(params);
    const account = accountOf(id);
    if (account.status === 'INACTIVE') account.status = 'ACTIVE';
    return HttpResponse.json(stateOf(id));
  }),
  on('unlockUser', ({ params }) => {
    const id = accountIdOr404(params);
    accountOf(id).locked = false;
    return HttpResponse.json(stateOf(id));
  }),
];

/** Puts the invited, locked, deactivated and second ADMIN people of `/staff` stories in place. */
export function addStaffFixtures(): void {
  for (const { user, account } of structuredClone(extraStaffFixtures)) {
    if (mockState.users.some((u) => u.id === user.id)) continue;
    mockState.users.push(user);
    mockState.accounts[user.id] = account;
  }
}

/** Sets an account's flags (a locked or deactivated client, say) for a story. */
export function setMockAccount(id: Id, account: Partial<MockAccount>): void {
  mockState.accounts[id] = { ...accountOf(id), ...account };
}

export const staffScenarios = {
  ...scenariosFor([
    'staffAccounts',
    'createStaff',
    'changeRole',
    'setPersonalNumber',
    'accountState',
    'deactivateUser',
    'reactivateUser',
    'unlockUser',
  ]),
  /** Nobody but herself: the list answers empty. */
  empty: [answer('staffAccounts', () => HttpResponse.json([]))],
  /** Adding fails: the e-mail has an account (409). */
  emailTaken: [answer('createStaff', () => errorResponse(409, STAFF_MESSAGES.emailTaken))],
  /** Deactivating refuses: the last active ADMIN (409). */
  lastAdmin: [answer('deactivateUser', () => errorResponse(409, STAFF_MESSAGES.lastAdmin))],
};
