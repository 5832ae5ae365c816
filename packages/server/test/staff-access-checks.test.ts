// The two access checks before a STAFF call's handler (issue 38): the clinic's staff rule
// (strong-rule.ts) and the care team (care-relation.ts) are asked in one statement, and the
// staff rule still refuses first, whatever the client and however the route finds her.
import { NO_CARE_RELATION, SECURITY_MESSAGES, STRONG_SIGN_IN_REQUIRED } from '@halsa/api/contract';
import type { KyselyPlugin } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { describeDb, insertUser, login, send, useTestApp } from './helpers.ts';
import { addTotp } from './strong-sign-in-helpers.ts';

const STRONG_403 = {
  message: SECURITY_MESSAGES.strongSignInRequired,
  reason: STRONG_SIGN_IN_REQUIRED,
};
const CARE_403 = { message: 'Du har ingen vårdrelation med klienten.', code: NO_CARE_RELATION };

describeDb('STAFF access checks: one statement, the staff rule first', () => {
  const t = useTestApp({ staffStrongSignIn: true });
  let outside: number;

  beforeAll(async () => {
    ({ id: outside } = await insertUser(t.db, {
      email: 'utanfor@example.com',
      role: 'USER',
      first: 'Ulla',
      last: 'Utanför',
      at: t.clock.now(),
    }));
  });

  const client = (id: number | string, cookie: string) =>
    send(t, 'GET', `/api/v1/admin/clients/${id}`, { cookie });
  const conversation = (id: number, cookie: string) =>
    send(t, 'GET', `/api/v1/user/messaging/conversations/${id}`, { cookie });

  /** The statements the route layer sends through `ctx.db` (the access checks) during `call`. */
  async function accessStatements(call: () => Promise<unknown>): Promise<number> {
    const ctx = t.app.ctx as { db: Db };
    const original = ctx.db;
    let n = 0;
    const plugin: KyselyPlugin = {
      transformQuery: ({ node }) => {
        n += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    ctx.db = original.withPlugin(plugin);
    try {
      await call();
    } finally {
      ctx.db = original;
    }
    return n;
  }

  it('without a strong method: 403 of the staff rule, in her team or not, found by id or by query', async () => {
    const staff = await login(t, t.users.staff.email);
    for (const res of [
      await client(t.users.klient.id, staff),
      await client(outside, staff),
      await client('inte-ett-id', staff),
      await client(2 ** 31, staff),
      await conversation(999_999, staff),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(STRONG_403);
    }
    // Both checks in one statement.
    expect(await accessStatements(() => client(outside, staff))).toBe(1);
  });

  it('with an app: her own client answers, one outside her team gets the care-team 403', async () => {
    const staff = await login(t, t.users.staff.email);
    await addTotp(t, staff);
    const own = await client(t.users.klient.id, staff);
    expect(own.statusCode, own.body).toBe(200);
    const refused = await client(outside, staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(CARE_403);
    expect((await conversation(999_999, staff)).statusCode).toBe(404);
    expect(await accessStatements(() => client(t.users.klient.id, staff))).toBe(1);
  });
  it('an open emergency access: the staff rule still refuses first, then the access lets her read', async () => {
    await t.db.db.deleteFrom('sign_in_methods').execute();
    const now = t.clock.now();
    await t.db.db
      .insertInto('emergency_accesses')
      .values({
        staff_id: t.users.staff.id,
        client_id: outside,
        reason: 'URGENT_CARE',
        opened_at: now,
        expires_at: new Date(now.getTime() + 60 * 60_000),
      })
      .execute();
    const staff = await login(t, t.users.staff.email);
    const weak = await client(outside, staff);
    expect(weak.statusCode, weak.body).toBe(403);
    expect(weak.json()).toEqual(STRONG_403);
    await addTotp(t, staff);
    const read = await client(outside, staff);
    expect(read.statusCode, read.body).toBe(200);
    await t.db.db.deleteFrom('emergency_accesses').execute();
    const closed = await client(outside, staff);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual(CARE_403);
  });

  it('ADMIN without a strong method: the staff rule, for any id; with one, no care-team rule', async () => {
    await t.db.db.deleteFrom('sign_in_methods').execute();
    const admin = await login(t, t.users.admin.email);
    for (const id of [outside, t.users.klient.id, 999_999, 'inte-ett-id']) {
      const res = await client(id, admin);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual(STRONG_403);
    }
    await addTotp(t, admin);
    expect((await client(outside, admin)).statusCode).toBe(200);
    expect((await client(999_999, admin)).statusCode).toBe(404);
  });
});
