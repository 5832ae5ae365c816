// The transactional outbox: a mail-sending action succeeds while SMTP is down and its mail
// arrives once when SMTP is back; a rolled-back change sends nothing; two workers on one
// PostgreSQL deliver each row once; a lost lease resends with the same Message-ID.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDb } from '../src/db/index.ts';
import { SmtpMailer } from '../src/mail/mailer.ts';
import { backoffMs, Outbox, outboxMessageId } from '../src/outbox/index.ts';
import {
  createTestApp,
  createTestDb,
  dbAvailable,
  describeDb,
  PG_ADMIN_URL,
  PUBLIC_URL,
  send,
  TEST_DB,
  type TestApp,
  type TestDb,
} from './helpers.ts';
import { FakeClock } from '../src/clock.ts';
import { SmtpCatcher as Smtp } from './smtp-catcher.ts';

it('backoff doubles from 1 s and stops growing at 5 minutes', () => {
  expect([1, 2, 3, 4].map(backoffMs)).toEqual([1000, 2000, 4000, 8000]);
  expect(backoffMs(30)).toBe(5 * 60 * 1000);
});

describeDb('outbox: mail while SMTP is down', () => {
  const smtp = new Smtp();
  let t: TestApp;

  beforeAll(async () => {
    await smtp.start();
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    await smtp.stop(); // the port is known; nothing listens on it now
    t = await createTestApp({
      mailer: new SmtpMailer(smtpUrl, 'Hälsoportalen <no-reply@example.com>'),
      config: { smtpUrl },
    });
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.db.close();
    await smtp.stop();
  });

  it('forgot-password succeeds without SMTP; after SMTP returns the mail arrives once', async () => {
    const res = await send(t, 'POST', '/api/v1/auth/forgot-password', {
      body: { email: 'klient@example.com' },
    });
    expect(res.statusCode).toBe(204);
    await t.app.ctx.tasks.idle();
    const row = await t.db.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.kind).toBe('MAIL');
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeTruthy();

    await smtp.start();
    // Not due before its backoff (the app's own poll runs meanwhile and must not send it)…
    await t.app.ctx.outbox.kick();
    await new Promise((r) => setTimeout(r, 1200));
    expect(smtp.received).toEqual([]);
    t.clock.advance(backoffMs(1));
    await t.app.ctx.outbox.kick();
    await t.app.ctx.tasks.idle();
    expect(smtp.received.map((m) => m.to)).toEqual([['klient@example.com']]);
    expect(smtp.received[0]!.raw).toMatch(/reset-password\?token=/);
    expect(smtp.received[0]!.raw).toMatch(
      new RegExp(`Message-ID: <${row.message_key}\\.${row.id}@localhost>`, 'i'),
    );
    // …and never again.
    t.clock.advance(60 * 60 * 1000);
    await t.app.ctx.outbox.kick();
    await new Promise((r) => setTimeout(r, 1200));
    expect(smtp.received).toHaveLength(1);
    expect(await t.app.ctx.outbox.pending()).toBe(0);
  });
});

describeDb('outbox: Message-ID unique across deployments', () => {
  const smtp = new Smtp();
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) {
      await t.app.close();
      await t.db.close();
    }
    await smtp.stop();
  });

  it('the first mail of two fresh portals: different Message-IDs under the host of PUBLIC_URL', async () => {
    await smtp.start();
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    for (let i = 0; i < 2; i++) {
      const t = await createTestApp({
        mailer: new SmtpMailer(smtpUrl, 'Hälsoportalen <no-reply@example.com>'),
        config: { smtpUrl },
      });
      apps.push(t);
      const res = await send(t, 'POST', '/api/v1/auth/forgot-password', {
        body: { email: 'klient@example.com' },
      });
      expect(res.statusCode).toBe(204);
      await t.app.ctx.tasks.idle();
    }
    // Both databases count outbox rows from the same start, so the id alone would repeat.
    const ids = smtp.received.map((m) => /^Message-ID: (<[^>\r\n]*>)/im.exec(m.raw)?.[1]);
    expect(ids).toHaveLength(2);
    const host = new URL(PUBLIC_URL).hostname;
    for (const id of ids) {
      expect(id).toMatch(new RegExp(`^<[0-9a-f]{32}\\.\\d+@${host}>$`));
      expect(id).not.toMatch(/@halsoportalen>/);
    }
    expect(ids[0]).not.toBe(ids[1]);
  }, 120_000); // two apps with their own databases
});

describeDb('outbox: rows and transactions', () => {
  let db: TestDb;
  let clock: FakeClock;
  afterEach(async () => {
    await db?.close();
  });

  it('a row written in a transaction that rolls back is never delivered', async () => {
    db = await createTestDb();
    clock = new FakeClock(new Date('2026-11-24T08:00:00Z'));
    const delivered: unknown[] = [];
    const outbox = new Outbox(db.db, clock);
    outbox.handle('NOTIFICATION', async (p) => void delivered.push(p));
    await expect(
      db.db.transaction().execute(async (trx) => {
        await outbox.enqueue(trx, 'NOTIFICATION', { n: 1 });
        throw new Error('ångra');
      }),
    ).rejects.toThrow('ångra');
    await db.db.transaction().execute((trx) => outbox.enqueue(trx, 'NOTIFICATION', { n: 2 }));
    expect(await outbox.drain()).toBe(1);
    expect(delivered).toEqual([{ n: 2 }]);
  });

  it('a claim whose lease ran out (a crash) is delivered again with the same Message-ID', async () => {
    db = await createTestDb();
    clock = new FakeClock(new Date('2026-11-24T08:00:00Z'));
    const ids: string[] = [];
    const tries: string[] = [];
    const crashing = new Outbox(db.db, clock, { leaseMs: 30_000 });
    crashing.handle('MAIL', (_p, row) => {
      tries.push(outboxMessageId(row, PUBLIC_URL));
      return new Promise<void>(() => {}); // never answers: the crash
    });
    await crashing.enqueue(db.db, 'MAIL', { to: 'a@example.com' });
    void crashing.drain();
    await new Promise((r) => setTimeout(r, 50));

    const healthy = new Outbox(db.db, clock, { leaseMs: 30_000 });
    healthy.handle('MAIL', async (_p, row) => {
      ids.push(row.id);
      tries.push(outboxMessageId(row, PUBLIC_URL));
    });
    expect(await healthy.drain()).toBe(0); // the lease still holds
    clock.advance(30_001);
    expect(await healthy.drain()).toBe(1);
    expect(ids).toHaveLength(1);
    expect(tries).toHaveLength(2);
    expect(tries[1]).toBe(tries[0]);
    const row = await db.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    expect(row.sent_at).not.toBeNull();
  });
});

const pgUp = TEST_DB === 'postgres' && (await dbAvailable());

(pgUp ? describe : describe.skip)('outbox: two instances on one PostgreSQL', () => {
  let db: TestDb;
  let second: OpenedDb;
  afterAll(async () => {
    await second?.close();
    await db?.close();
  });

  it('each of 200 pending rows is delivered exactly once by two racing workers', async () => {
    db = await createTestDb();
    second = await openDatabase({
      kind: 'postgres',
      url: `${PG_ADMIN_URL.replace(/\/[^/]*$/, '')}/${db.name}`,
      max: 5,
    });
    const clock = new FakeClock(new Date('2026-11-24T08:00:00Z'));
    const seen = new Map<string, string[]>();
    const worker = (name: string, on: OpenedDb) => {
      const o = new Outbox(on.db, clock, { batch: 7 });
      o.handle('MAIL', async (_p, row) => {
        seen.set(row.id, [...(seen.get(row.id) ?? []), name]);
        await new Promise((r) => setTimeout(r, 1));
      });
      return o;
    };
    const a = worker('A', db);
    const b = worker('B', second);
    // Written in one transaction: nothing is kicked before the race starts.
    await db.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 200; i += 1) await a.enqueue(trx, 'MAIL', { i });
    });
    const [na, nb] = await Promise.all([a.drain(), b.drain()]);
    expect(na + nb).toBe(200);
    expect(seen.size).toBe(200);
    expect([...seen.values()].filter((v) => v.length !== 1)).toEqual([]);
    expect(na).toBeGreaterThan(0);
    expect(nb).toBeGreaterThan(0);
  });
});
