// The mocked people-and-access rules (design §4.14) answer like the server.
import { describe, expect, it } from 'vitest';
import { call } from '../client.ts';
import {
  accountStateSchema,
  STAFF_MESSAGES,
  staffAccountListSchema,
  staffAccountSchema,
} from '../contract/index.ts';
import { staffRouteDefs } from '../contract/routes/staff.ts';
import {
  addStaffFixtures,
  mockState,
  resetMockState,
  scenarios,
  sessionUsers,
  setMockAccount,
} from './index.ts';
import { failure, startMockServer } from './test-server.ts';

startMockServer();

describe('staff mocks', () => {
  it('every staff endpoint has a default handler and a scenario', () => {
    for (const name of Object.keys(staffRouteDefs)) {
      expect(
        scenarios.staff
          .error()
          .some((h) =>
            h.info.path
              .toString()
              .endsWith(staffRouteDefs[name as keyof typeof staffRouteDefs].path),
          ),
      ).toBe(true);
    }
  });

  it('lists STAFF and ADMIN accounts by name, following the contract', async () => {
    addStaffFixtures();
    const accounts = await call('staffAccounts');
    expect(staffAccountListSchema.safeParse(accounts).error).toBeUndefined();
    expect(accounts.map((a) => a.lastName)).toEqual([
      'Berg',
      'Ek',
      'Holm',
      'Johansson',
      'Ström',
      'Åberg',
    ]);
    expect(accounts.find((a) => a.lastName === 'Ström')?.locked).toBe(true);
  });

  it('creates an invited account; a taken e-mail is a 409', async () => {
    const body = {
      firstName: 'Nora',
      lastName: 'Lind',
      email: 'nora@example.com',
      role: 'STAFF',
    } as const;
    const created = await call('createStaff', { body });
    expect(staffAccountSchema.parse(created)).toMatchObject({ status: 'INVITED', role: 'STAFF' });
    expect((await call('staffAccounts')).some((a) => a.email === 'nora@example.com')).toBe(true);
    const taken = await failure(
      call('createStaff', { body: { ...body, email: 'STAFF@example.com' } }),
    );
    expect(taken.status).toBe(409);
    expect(taken.message).toBe(STAFF_MESSAGES.emailTaken);
  });

  it('validates the new person with the Swedish messages of the contract', async () => {
    const error = await failure(
      call('createStaff', {
        body: { firstName: ' ', lastName: 'Lind', email: 'x@y.se', role: 'STAFF' },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe('Förnamn måste anges.');
  });

  it('nobody deactivates herself or the last active ADMIN', async () => {
    const self = await failure(call('deactivateUser', { params: { id: 1 }, body: {} }));
    expect([self.status, self.message]).toEqual([400, STAFF_MESSAGES.self]);
    mockState.sessionUser = { ...sessionUsers.admin, id: 99 };
    const last = await failure(call('deactivateUser', { params: { id: 1 }, body: {} }));
    expect([last.status, last.message]).toEqual([409, STAFF_MESSAGES.lastAdmin]);
    const demote = await failure(
      call('changeRole', { params: { id: 1 }, body: { role: 'STAFF' } }),
    );
    expect([demote.status, demote.message]).toEqual([409, STAFF_MESSAGES.lastAdmin]);
  });

  it('deactivates, reactivates and unlocks any account, a client too', async () => {
    const off = await call('deactivateUser', { params: { id: 3 }, body: {} });
    expect(accountStateSchema.parse(off)).toEqual({ id: 3, status: 'INACTIVE', locked: false });
    expect((await call('reactivateUser', { params: { id: 3 }, body: {} })).status).toBe('ACTIVE');
    setMockAccount(2, { locked: true });
    expect((await call('accountState', { params: { id: 2 } })).locked).toBe(true);
    expect((await call('unlockUser', { params: { id: 2 }, body: {} })).locked).toBe(false);
    expect((await failure(call('accountState', { params: { id: 999 } }))).message).toBe(
      STAFF_MESSAGES.notFound,
    );
  });

  it('changes a role and keeps the access setting', async () => {
    expect((await call('changeRole', { params: { id: 2 }, body: { role: 'ADMIN' } })).role).toBe(
      'ADMIN',
    );
    expect(await call('careTeamSetting')).toEqual({ careTeamOnly: true });
    await call('updateCareTeamSetting', { body: { careTeamOnly: false } });
    expect(await call('careTeamSetting')).toEqual({ careTeamOnly: false });
  });

  it('a STAFF member gets 403', async () => {
    resetMockState({ sessionUser: sessionUsers.staff });
    expect((await failure(call('staffAccounts'))).status).toBe(403);
  });
});
