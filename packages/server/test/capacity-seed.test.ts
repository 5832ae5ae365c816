// The scale seed's fast writers (issue 38) write what the app writes: log rows chained in Node
// between rows the trigger chains (audit:verify's walk passes, indexes and keys are back after a
// large load), lab files whose seals the server accepts (her page shows the values), and the
// ADMIN's FHIR batch of bench:capacity read whole through the real upload route over HTTP.
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runBatch } from '../bench/capacity-batch.ts';
import { verifyActivityChain } from '../src/audit/chain.ts';
import { noteSigningKey } from '../src/modules/journal/signature.ts';
import { labSealKey, verifyLabSeals } from '../src/modules/lab-results/seal.ts';
import { appendChainedLog } from '../src/seed/chained-log.ts';
import { HEALTH_CHECK_PANEL, seedScaleLab } from '../src/seed/scale-lab.ts';
import { login, PUBLIC_URL, send, useTestApp } from './helpers.ts';

const t = useTestApp();

const triggerRow = (action: string) =>
  t.db.db
    .insertInto('activity_log')
    .values({ action, actor_user_id: t.users.staff.id, created_at: t.clock.now() })
    .execute();

const shape = async () =>
  (
    await sql<{ def: string }>`
      select pg_get_indexdef(indexrelid) as def from pg_index
      where indrelid = 'activity_log'::regclass
      union all select pg_get_constraintdef(oid) from pg_constraint
      where conrelid = 'activity_log'::regclass
      order by 1`.execute(t.db.db)
  ).rows.map((r) => r.def);

describe('the scale seed', () => {
  it('chains its log rows after the trigger-chained ones, and the trigger goes on after them', async () => {
    await triggerRow('LOGIN_SUCCEEDED');
    const before = await shape();
    const micros = Date.now() * 1000;
    const rowAt = (i: number) => ({
      action: 'CLIENT_VIEWED',
      actor: t.users.staff.id,
      subject: i % 2 ? t.users.klient.id : t.users.klient2.id,
      ip: i % 3 ? `10.0.0.${i % 250}` : null,
      micros: micros - 86_400_000_000 + i * 1_234_567,
    });
    await appendChainedLog(t.db.db, 250, rowAt);
    // A large load drops and makes again the secondary indexes and foreign keys.
    await appendChainedLog(t.db.db, 120, rowAt, { rebuildFrom: 100 });
    await triggerRow('LOGIN_SUCCEEDED');
    expect(await shape()).toEqual(before);
    const report = await verifyActivityChain(t.db.db);
    expect(report.ok ? [] : report.problems).toEqual([]);
    const n = await t.db.db
      .selectFrom('activity_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(report.rows).toBe(Number(n.n));
    expect(Number(n.n)).toBeGreaterThanOrEqual(372);
    // The trigger chains again: a row written now has its place after the seeded ones.
    const last = await t.db.db
      .selectFrom('activity_log')
      .select(['chain_seq', 'row_hash'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(Number(last.chain_seq)).toBe(report.rows);
    expect(last.row_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes lab files whose seal is right, and her page shows their values', async () => {
    const sealKey = labSealKey(noteSigningKey(t.app.ctx.config.sessionSecret));
    const lab = await seedScaleLab(t.db.db, {
      clientIds: [t.users.klient.id, t.users.klient2.id],
      adminId: t.users.admin.id,
      sealKey,
      valuesPerClient: 15,
      files: 3,
    });
    expect(lab).toMatchObject({ files: 6, values: 30 });
    const seals = await verifyLabSeals(t.db.db, sealKey);
    expect(seals).toMatchObject({ checked: 6, ok: 6, bad: [] });
    const cookie = await login(t, t.users.klient.email);
    const res = await send(t, 'GET', '/api/v1/user/lab-results', { cookie });
    expect(res.statusCode).toBe(200);
    const page = res.json<{ files: unknown[]; values: Array<{ loinc: string | null }> }>();
    expect(page.files).toHaveLength(3);
    expect(page.values).toHaveLength(15);
  });

  it("uploads the ADMIN's batch of FHIR reports over HTTP, every value read", async () => {
    const cookie = await login(t, t.users.admin.email);
    const herCookie = await login(t, t.users.klient2.email);
    const herValues = async () => {
      const res = await send(t, 'GET', '/api/v1/user/lab-results', { cookie: herCookie });
      expect(res.statusCode).toBe(200);
      return res.json<{ values: Array<{ loinc: string | null; value: number | null }> }>().values;
    };
    const before = await herValues();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const ids = [t.users.klient.id, t.users.klient2.id, 99_999_999];
    const report = await runBatch({
      base,
      adminCookie: cookie,
      clientIds: ids,
      origin: PUBLIC_URL,
      // Paced: the third upload starts no earlier than 2 × 250 ms after the first.
      perSecond: 4,
    });
    expect(report.seconds).toBeGreaterThanOrEqual(0.5);
    expect(report.examples).toEqual([expect.stringMatching(/^404: klient 99999999/)]);
    expect(report).toMatchObject({ clients: 3, uploads: 3, ok: 2, misread: 0 });
    expect(report.valuesRead).toBe(2 * HEALTH_CHECK_PANEL.length);
    // A client that does not exist is an error by its status, not a lost upload.
    expect(Object.keys(report.errors)).toEqual(['404']);
    const after = await herValues();
    expect(after.length - before.length).toBe(HEALTH_CHECK_PANEL.length);
    expect(new Set(after.map((v) => v.loinc))).toEqual(
      new Set(HEALTH_CHECK_PANEL.map((a) => a.loinc)),
    );
  });
});
