// The session cache under load (issue 38): sessions signed in in the same second do not all
// miss the cache and touch last_seen_at in the same second, concurrent calls of one session
// share one lookup and one touch, and the 30 min idle / 12 h limits and logout stay exact.
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ABSOLUTE_TIMEOUT_MS,
  IDLE_TIMEOUT_MS,
  SessionService,
  touchAfterMs,
} from '../src/access/sessions.ts';
import type { SessionInvalidation } from '../src/access/session-invalidation.ts';
import { FakeClock, MINUTE } from '../src/clock.ts';
import type { Db } from '../src/db/index.ts';
import { sha256 } from '../src/security/tokens.ts';
import { createTestDb, describeDb, insertUser, type TestDb } from './helpers.ts';

/**
 * Counts the statements sent through it (every kind: select, update, raw…); `holdNext` keeps
 * the next statement's result from its caller until released, once it has been read.
 */
function counting(db: Db) {
  let n = 0;
  let hold: { reached: () => void; released: Promise<void> } | undefined;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }): RootOperationNode => {
      n += 1;
      return node;
    },
    transformResult: async ({ result }) => {
      const held = hold;
      hold = undefined;
      if (held) {
        held.reached();
        await held.released;
      }
      return result;
    },
  };
  return {
    db: db.withPlugin(plugin),
    statements: () => n,
    reset: () => {
      n = 0;
    },
    holdNext: () => {
      let reached!: () => void;
      let release!: () => void;
      const read = new Promise<void>((r) => (reached = r));
      hold = { reached, released: new Promise<void>((r) => (release = r)) };
      return { read, release };
    },
  };
}

/**
 * `db` whose DELETE statements wait for `gate` before they are sent: a logout whose DELETE has
 * not committed yet, while other calls go on.
 */
function gatedDeletes(db: Db, gate: Promise<void>): Db {
  const wrap = <T extends object>(builder: T): T =>
    new Proxy(builder, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== 'function') return value;
        if (prop === 'execute' || prop === 'executeTakeFirst')
          return async (...args: unknown[]) => {
            await gate;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return (...args: unknown[]) => {
          const next: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
          return next && typeof next === 'object' ? wrap(next) : next;
        };
      },
    });
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      if (prop === 'deleteFrom')
        return (...args: unknown[]) =>
          wrap((value as (...a: unknown[]) => object).apply(target, args));
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** A live Redis channel, as far as the cache is concerned (REDIS_URL mode). */
const listening: SessionInvalidation = {
  listening: true,
  generation: 1,
  publish: async () => {},
  close: async () => {},
};

describeDb('session cache', () => {
  let t: TestDb;
  let userId: number;
  const meta = { ip: '127.0.0.1', userAgent: 'test' };

  beforeAll(async () => {
    t = await createTestDb();
    ({ id: userId } = await insertUser(t, {
      email: 'cache@example.com',
      role: 'STAFF',
      first: 'Cecilia',
      last: 'Cache',
      at: new Date('2026-03-02T08:00:00.000Z'),
    }));
  });
  afterAll(() => t?.close());

  const setUp = (shared: boolean) => {
    const clock = new FakeClock();
    const counted = counting(t.db);
    const sessions = new SessionService(counted.db, clock, {
      name: 'halsa_session',
      secure: false,
    });
    if (shared) sessions.useInvalidation(listening);
    return { clock, counted, sessions };
  };

  /** Two instances on one database: `here` (through `hereDb`) hears `channel`; `there` logs out. */
  const twoInstances = (channel: SessionInvalidation, hereDb: Db = t.db) => {
    const clock = new FakeClock();
    const cookie = { name: 'halsa_session', secure: false };
    const here = new SessionService(hereDb, clock, cookie);
    here.useInvalidation(channel);
    return { here, there: new SessionService(t.db, clock, cookie) };
  };

  const lastSeenAt = async (token: string) =>
    (
      await t.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('id_hash', '=', sha256(token))
        .executeTakeFirstOrThrow()
    ).last_seen_at.getTime();

  it('N concurrent calls of one session make one statement and one touch', async () => {
    for (const shared of [true, false]) {
      const { clock, counted, sessions } = setUp(shared);
      const { token } = await sessions.create(userId, meta);
      clock.advance(2 * MINUTE);
      counted.reset();
      const all = await Promise.all(Array.from({ length: 8 }, () => sessions.resolve(token)));
      expect(all.every((s) => s?.userId === userId)).toBe(true);
      // One statement read the session and wrote both last_seen_at and last_active_at.
      expect(counted.statements()).toBe(1);
      expect(await lastSeenAt(token)).toBe(clock.now().getTime());
      const user = await t.db
        .selectFrom('users')
        .select('last_active_at')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(user.last_active_at?.getTime()).toBe(clock.now().getTime());
      // Then from the cache.
      await sessions.resolve(token);
      expect(counted.statements()).toBe(1);
    }
  });

  it('sessions cached in the same instant re-read and touch spread over 45–60 s, each once', async () => {
    const { clock, counted, sessions } = setUp(true);
    const tokens: string[] = [];
    for (let i = 0; i < 120; i++) tokens.push((await sessions.create(userId, meta)).token);
    for (const token of tokens) await sessions.resolve(token);
    const start = clock.now().getTime();
    const perSecond: number[] = [];
    for (let second = 1; second <= 61; second++) {
      clock.advance(1000);
      counted.reset();
      for (const token of tokens) expect(await sessions.resolve(token)).not.toBeNull();
      perSecond.push(counted.statements());
    }
    // Nothing before 45 s, every session exactly once by 60 s (a touch, then cached again).
    expect(perSecond.slice(0, 44).every((n) => n === 0)).toBe(true);
    expect(perSecond.reduce((a, b) => a + b, 0)).toBe(tokens.length);
    // Spread: no second holds more than a fifth of them, and they fall in 10 seconds or more.
    expect(Math.max(...perSecond)).toBeLessThanOrEqual(tokens.length / 5);
    expect(perSecond.filter((n) => n > 0).length).toBeGreaterThanOrEqual(10);
    for (const token of tokens) {
      const touched = (await lastSeenAt(token)) - start;
      expect(touched).toBeGreaterThan(MINUTE - 16_000);
      expect(touched).toBeLessThanOrEqual(MINUTE);
    }
  });

  it('last_seen_at is written at most about once a minute and never lags a call by a minute', async () => {
    const { clock, sessions } = setUp(true);
    const { token } = await sessions.create(userId, meta);
    const touchAfter = touchAfterMs(sha256(token));
    let touches = 0;
    let previous = await lastSeenAt(token);
    for (let i = 0; i < 60; i++) {
      clock.advance(5000);
      expect(await sessions.resolve(token)).not.toBeNull();
      const seen = await lastSeenAt(token);
      if (seen !== previous) {
        touches += 1;
        expect(seen - previous).toBeGreaterThanOrEqual(touchAfter);
      }
      expect(clock.now().getTime() - seen).toBeLessThan(MINUTE);
      previous = seen;
    }
    // 5 minutes of calls every 5 s: a touch each 45–60 s.
    expect(touches).toBeGreaterThanOrEqual(5);
    expect(touches).toBeLessThanOrEqual(7);
  });

  it('the 30 min idle and 12 h limits are exact, cached or not', async () => {
    for (const shared of [true, false]) {
      const { clock, sessions } = setUp(shared);
      const idle = (await sessions.create(userId, meta)).token;
      const stillLive = (await sessions.create(userId, meta)).token;
      expect(await sessions.resolve(idle)).not.toBeNull();
      clock.advance(IDLE_TIMEOUT_MS - 1);
      expect(await sessions.resolve(stillLive)).not.toBeNull();
      clock.advance(1);
      expect(await sessions.resolve(idle)).toBeNull();

      const busy = (await sessions.create(userId, meta)).token;
      for (let at = 0; at < ABSOLUTE_TIMEOUT_MS - 10 * MINUTE; at += 10 * MINUTE) {
        expect(await sessions.resolve(busy)).not.toBeNull();
        clock.advance(10 * MINUTE);
      }
      clock.advance(10 * MINUTE - 1);
      expect(await sessions.resolve(busy)).not.toBeNull();
      clock.advance(1);
      expect(await sessions.resolve(busy)).toBeNull();
    }
  });

  it('a logout while a lookup is in flight: later calls get null, nothing stays cached', async () => {
    const { counted, sessions } = setUp(true);
    const { token } = await sessions.create(userId, meta);
    const held = counted.holdNext();
    const before = sessions.resolve(token);
    await held.read;
    await sessions.destroyByToken(token);
    // The call that came after the logout does not share the lookup begun before it.
    const after = sessions.resolve(token);
    held.release();
    expect(await before).not.toBeNull();
    expect(await after).toBeNull();
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('a profile change while a lookup is in flight: the lookup keeps nothing', async () => {
    const { counted, sessions } = setUp(true);
    const { token } = await sessions.create(userId, meta);
    const held = counted.holdNext();
    const before = sessions.resolve(token);
    await held.read;
    await t.db.updateTable('users').set({ first_name: 'Cissi' }).where('id', '=', userId).execute();
    await sessions.forgetUser(userId);
    held.release();
    expect((await before)?.firstName).toBe('Cecilia');
    expect((await sessions.resolve(token))?.firstName).toBe('Cissi');
    await t.db
      .updateTable('users')
      .set({ first_name: 'Cecilia' })
      .where('id', '=', userId)
      .execute();
  });
  it('a call made while a logout is under way is not cached past the logout', async () => {
    for (const shared of [true, false]) {
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const sessions = new SessionService(gatedDeletes(t.db, gate), new FakeClock(), {
        name: 'halsa_session',
        secure: false,
      });
      if (shared) sessions.useInvalidation(listening);
      const { token } = await sessions.create(userId, meta);
      const logout = sessions.destroyByToken(token);
      // The logout has begun, its DELETE is not committed: this call may still see the row…
      expect(await sessions.resolve(token)).not.toBeNull();
      open();
      await logout;
      // …but once the logout has answered, no call does.
      expect(await sessions.resolve(token)).toBeNull();
    }
  });

  it("while the channel is not live, a call does not share a lookup begun before another instance's logout", async () => {
    const deaf: SessionInvalidation = { ...listening, listening: false };
    const counted = counting(t.db);
    const { here, there } = twoInstances(deaf, counted.db);
    const { token } = await there.create(userId, meta);
    const held = counted.holdNext();
    const before = here.resolve(token);
    await held.read;
    // The other instance logs out; its message is lost (this one is not listening).
    await there.destroyByToken(token);
    const after = here.resolve(token);
    held.release();
    expect(await before).not.toBeNull();
    expect(await after).toBeNull();
  });
  it('what an instance read while its channel was not live is not served once it is live again', async () => {
    const channel = { ...listening, listening: false };
    const { here, there } = twoInstances(channel);
    const { token } = await there.create(userId, meta);
    expect(await here.resolve(token)).not.toBeNull();
    // The other instance logs out while this one is not listening; its message is lost.
    await there.destroyByToken(token);
    channel.listening = true;
    expect(await here.resolve(token)).toBeNull();
  });
  it('a channel that was down for a moment, with no call meanwhile: what was cached before is not served', async () => {
    const channel = { ...listening };
    const { here, there } = twoInstances(channel);
    const { token } = await there.create(userId, meta);
    expect(await here.resolve(token)).not.toBeNull();
    // The connection drops and comes back; the logout's message, sent meanwhile, is lost.
    await there.destroyByToken(token);
    channel.generation += 1;
    expect(await here.resolve(token)).toBeNull();
  });
});
