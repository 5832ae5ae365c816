// The care-team mocks (design §4.14): STAFF outside the team gets 403 NO_CARE_RELATION until
// 'Nödåtkomst' opens the client; the lookup finds a whole personal number; ADMIN reviews.
import { describe, expect, it } from 'vitest';
import { ApiError, call } from '../client.ts';
import { isNoCareRelation } from '../care-team/no-care-relation.ts';
import {
  accessReviewSchema,
  careTeamSchema,
  clientLookupSchema,
  emergencyAccessSchema,
  NO_CARE_RELATION_MESSAGE,
  STAFF_CLIENT_MESSAGES,
  staffClientsSchema,
} from '../contract/index.ts';
import { callPage } from '../paging.ts';
import { addCareTeamStaff, resetMockState, sessionUsers } from './index.ts';
import { addStaffFixtures } from './handlers/staff.ts';
import { failure, startMockServer } from './test-server.ts';

startMockServer();

describe('care teams and emergency access', () => {
  it('STAFF outside the team gets 403 NO_CARE_RELATION, inside reads the client', async () => {
    resetMockState({ sessionUser: { ...sessionUsers.staff } });
    expect((await call('client', { params: { id: 3 } })).firstName).toBe('Anna');
    const error = await failure(call('client', { params: { id: 7 } }));
    expect(error.status).toBe(403);
    expect(error.message).toBe(NO_CARE_RELATION_MESSAGE);
    expect(isNoCareRelation(error)).toBe(true);
    expect(isNoCareRelation(new ApiError(403, 'Nej', { message: 'Nej' }))).toBe(false);
  });

  it('STAFF lists only her team; a whole personal number finds the name', async () => {
    resetMockState({ sessionUser: { ...sessionUsers.staff } });
    const page = await callPage('clients', { query: { q: '19880614-7735', size: 25 } });
    expect(page.total).toBe(0);
    const found = await call('clientLookup', { query: { personalNumber: '198806147735' } });
    expect(clientLookupSchema.parse(found)).toEqual({
      id: 7,
      firstName: 'Ahmed',
      lastName: 'Haddad',
      inCareTeam: false,
    });
    expect(
      (await failure(call('clientLookup', { query: { personalNumber: '19000101-0000' } }))).status,
    ).toBe(404);
  });

  it("'Nödåtkomst' needs a comment with 'Annat' and then opens the client", async () => {
    resetMockState({ sessionUser: { ...sessionUsers.staff } });
    const refused = await failure(
      call('emergencyAccess', { params: { id: 7 }, body: { reason: 'OTHER' } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.message).toBe('Beskriv skälet när du väljer Annat.');
    const access = await call('emergencyAccess', {
      params: { id: 7 },
      body: { reason: 'OTHER', comment: 'Kollegan är sjuk.' },
    });
    expect(emergencyAccessSchema.parse(access).comment).toBe('Kollegan är sjuk.');
    expect(Date.parse(access.expiresAt) - Date.parse(access.openedAt)).toBe(4 * 3600 * 1000);
    expect((await call('client', { params: { id: 7 } })).firstName).toBe('Ahmed');
  });

  it('ADMIN edits the team with any staff member', async () => {
    addCareTeamStaff();
    const team = await call('updateCareTeam', { params: { id: 4 }, body: { staffIds: [31, 2] } });
    expect(careTeamSchema.parse(team).staff.map((s) => s.lastName)).toEqual(['Johansson', 'Ali']);
    expect((await call('careTeam', { params: { id: 4 } })).staff).toHaveLength(2);
    const bad = await failure(
      call('updateCareTeam', { params: { id: 4 }, body: { staffIds: [3] } }),
    );
    expect(bad.status).toBe(400);
  });

  it("'Granskad' moves an access to the reviewed list", async () => {
    const before = accessReviewSchema.parse(
      await call('accessReview', { query: { reviewed: 'false' } }),
    );
    expect(before.emergencyAccesses.map((a) => a.id)).toEqual([901, 902]);
    expect(before.patterns).toHaveLength(2);
    const done = await call('reviewEmergencyAccess', {
      params: { id: 901 },
      body: { comment: 'I sin ordning.' },
    });
    expect(done).toMatchObject({ reviewedBy: 'Maria Berg', reviewComment: 'I sin ordning.' });
    const after = await call('accessReview', { query: { reviewed: 'true' } });
    expect(after.emergencyAccesses.map((a) => a.id)).toEqual([901, 903]);
    const again = await failure(
      call('reviewEmergencyAccess', { params: { id: 901 }, body: { comment: 'Igen' } }),
    );
    expect(again.status).toBe(409);
  });
});

describe("care teams from the person's side (issue 35)", () => {
  it('lists her clients by last name, masked; adds and removes one; the count follows', async () => {
    resetMockState();
    const listed = staffClientsSchema.parse(await call('staffClients', { params: { id: 2 } }));
    expect(listed.clients.map((c) => c.lastName)).toEqual([
      'Andersson',
      'Lindqvist',
      'Nilsson',
      'Svensson',
      'Öberg',
    ]);
    expect(listed.clients[1]!.socialSecurityNumber).toBe('19850412-****');
    const added = await call('addStaffClient', { params: { id: 2 }, body: { clientId: 7 } });
    expect(added).toEqual({
      id: 7,
      firstName: 'Ahmed',
      lastName: 'Haddad',
      socialSecurityNumber: '19880614-****',
    });
    const accounts = await call('staffAccounts');
    expect(accounts.find((a) => a.id === 2)?.clientCount).toBe(6);
    await call('removeStaffClient', { params: { id: 2, clientId: 3 } });
    const after = await call('staffClients', { params: { id: 2 } });
    expect(after.clients.map((c) => c.id)).not.toContain(3);
    expect(after.clients.map((c) => c.id)).toContain(7);
  });

  it('refuses a deactivated person a new client, a client as the person, and STAFF', async () => {
    resetMockState();
    addStaffFixtures();
    const inactive = await failure(
      call('addStaffClient', { params: { id: 22 }, body: { clientId: 3 } }),
    );
    expect(inactive.status).toBe(400);
    expect(inactive.message).toBe(STAFF_CLIENT_MESSAGES.deactivated);
    const client = await failure(call('staffClients', { params: { id: 3 } }));
    expect(client.status).toBe(400);
    resetMockState({ sessionUser: { ...sessionUsers.staff } });
    expect((await failure(call('staffClients', { params: { id: 2 } }))).status).toBe(403);
  });
});
