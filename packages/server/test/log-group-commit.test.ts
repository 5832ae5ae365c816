// The activity log's group commit (issue 38 item 4, modules/activity/group-commit.ts): concurrent
// logged reads share INSERTs and commits instead of queueing one commit each behind the chain's
// lock, yet every answered request has its row committed before its answer, the chain stays
// whole, and a request whose row cannot be written is refused, not answered.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { verifyActivityChain } from '../src/audit/chain.ts';
import type { App } from '../src/app.ts';
import { describeDb, login, secondInstance, TEST_DB, useTestApp, type TestApp } from './helpers.ts';

const careTeamUrl = (clientId: number) => `/api/v1/admin/clients/${clientId}/care-team`;

/** A logged read (CARE_TEAM_VIEWED) from its own address, so its row can be told apart. */
const read = (app: App, cookie: string, clientId: number, ip: string) =>
  app.inject({
    method: 'GET',
    url: careTeamUrl(clientId),
    headers: { cookie },
    remoteAddress: ip,
  });

const ipOf = (i: number) => `10.38.${Math.floor(i / 250)}.${(i % 250) + 1}`;

async function rowsAt(t: TestApp, ip: string): Promise<number> {
  const found = await sql<{ n: string }>`
    select count(*)::text as n from activity_log
    where ip_address = ${ip} and action = 'CARE_TEAM_VIEWED'`.execute(t.db.db);
  return Number(found.rows[0]!.n);
}

/** Transactions that wrote the rows from these addresses: one per batch (its xmin). */
async function commitsOf(t: TestApp, ipPrefix: string): Promise<number> {
  const found = await sql<{ n: string }>`
    select count(distinct xmin::text)::text as n from activity_log
    where ip_address like ${`${ipPrefix}%`} and action = 'CARE_TEAM_VIEWED'`.execute(t.db.db);
  return Number(found.rows[0]!.n);
}

describeDb('the activity log’s group commit', () => {
  const t = useTestApp();

  it('200 concurrent logged reads: 200 rows, each committed before its answer, in far fewer commits', async () => {
    const cookie = await login(t, 'staff@example.com');
    const N = 200;
    const missingAtAnswer: string[] = [];
    const statuses = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const ip = ipOf(i);
        const res = await read(t.app, cookie, t.users.klient.id, ip);
        // Its row is visible (committed) the moment its answer is here.
        if ((await rowsAt(t, ip)) !== 1) missingAtAnswer.push(ip);
        return res.statusCode;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(N);
    expect(missingAtAnswer).toEqual([]);
    const written = await sql<{ n: string; ips: string }>`
      select count(*)::text as n, count(distinct ip_address)::text as ips from activity_log
      where ip_address like '10.38.%' and action = 'CARE_TEAM_VIEWED'
        and actor_user_id = ${t.users.staff.id} and subject_user_id = ${t.users.klient.id}`.execute(
      t.db.db,
    );
    expect(written.rows[0]).toEqual({ n: String(N), ips: String(N) });
    // Grouped: one INSERT and commit wrote many of the rows (one each would be N).
    expect(await commitsOf(t, '10.38.')).toBeLessThanOrEqual(N / 4);
    expect(await verifyActivityChain(t.db.db)).toMatchObject({ ok: true, problems: [] });
  });

  it('every column survives the batch: quotes, backslashes, å, nulls, an emergency access', async () => {
    const odd = [
      { say: 'citat "så här" och \\ bakstreck', n: [1, { å: 'ö' }] },
      { tom: null, '{,}': '}{' },
      null,
    ];
    const at = t.clock.now();
    await t.db.db
      .insertInto('emergency_accesses')
      .values({
        staff_id: t.users.admin.id,
        client_id: t.users.klient2.id,
        reason: 'OTHER',
        comment: 'test',
        opened_at: new Date(at.getTime() - 60_000),
        expires_at: new Date(at.getTime() + 3_600_000),
      })
      .execute();
    await Promise.all(
      odd.map((details, i) =>
        t.app.ctx.activity.record({
          action: 'CLIENT_VIEWED',
          actorUserId: i === 2 ? null : t.users.admin.id,
          subjectUserId: t.users.klient2.id,
          ip: i === 1 ? null : `10.40.0.${i}`,
          details,
        }),
      ),
    );
    const rows = await t.db.db
      .selectFrom('activity_log')
      .select(['actor_user_id', 'subject_user_id', 'ip_address', 'details', 'created_at'])
      .where('action', '=', 'CLIENT_VIEWED')
      .where('subject_user_id', '=', t.users.klient2.id)
      .orderBy('id')
      .execute();
    const access = await t.db.db
      .selectFrom('emergency_accesses')
      .select('id')
      .where('client_id', '=', t.users.klient2.id)
      .executeTakeFirstOrThrow();
    expect(rows).toEqual([
      {
        actor_user_id: t.users.admin.id,
        subject_user_id: t.users.klient2.id,
        ip_address: '10.40.0.0',
        details: { ...odd[0], emergencyAccessId: access.id },
        created_at: at,
      },
      {
        actor_user_id: t.users.admin.id,
        subject_user_id: t.users.klient2.id,
        ip_address: null,
        details: { ...odd[1], emergencyAccessId: access.id },
        created_at: at,
      },
      {
        actor_user_id: null,
        subject_user_id: t.users.klient2.id,
        ip_address: '10.40.0.2',
        details: null,
        created_at: at,
      },
    ]);
  });

  it('a read whose row cannot be written is refused; the batch’s other reads are answered with theirs', async () => {
    const cookie = await login(t, 'staff@example.com');
    // The database refuses the rows from one address (as a full disk or a lost connection would).
    await sql`create function refuse_log_row() returns trigger language plpgsql as $f$
      begin raise exception 'loggraden kan inte skrivas'; end $f$`.execute(t.db.db);
    await sql`create trigger refuse_log_row before insert on activity_log for each row
      when (new.ip_address = '192.0.2.66') execute function refuse_log_row()`.execute(t.db.db);
    try {
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          read(t.app, cookie, t.users.klient.id, i % 10 === 3 ? '192.0.2.66' : `10.39.0.${i + 1}`),
        ),
      );
      const refused = results.filter((_, i) => i % 10 === 3);
      const answered = results.filter((_, i) => i % 10 !== 3);
      expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 500));
      // A refused read carries none of the client's data.
      for (const r of refused) expect(r.body).not.toContain('staffIds');
      expect(answered.map((r) => r.statusCode)).toEqual(answered.map(() => 200));
      expect(await rowsAt(t, '192.0.2.66')).toBe(0);
      const ok = await sql<{ n: string }>`
        select count(*)::text as n from activity_log where ip_address like '10.39.%'`.execute(
        t.db.db,
      );
      expect(Number(ok.rows[0]!.n)).toBe(answered.length);
    } finally {
      await sql`drop trigger refuse_log_row on activity_log`.execute(t.db.db);
      await sql`drop function refuse_log_row()`.execute(t.db.db);
    }
    expect(await verifyActivityChain(t.db.db)).toMatchObject({ ok: true, problems: [] });
  });
});

(TEST_DB === 'postgres' ? describeDb : describe.skip)(
  'group commit on two instances of one PostgreSQL',
  () => {
    const t = useTestApp();

    it('200 concurrent logged reads across both: one whole chain, no row lost', async () => {
      const cookie = await login(t, 'staff@example.com');
      const second = await secondInstance(t);
      try {
        const N = 200;
        const results = await Promise.all(
          Array.from({ length: N }, (_, i) =>
            read(i % 2 ? second.app : t.app, cookie, t.users.klient.id, ipOf(i)),
          ),
        );
        expect(results.filter((r) => r.statusCode === 200)).toHaveLength(N);
        const written = await sql<{ n: string }>`
          select count(distinct ip_address)::text as n from activity_log
          where ip_address like '10.38.%' and action = 'CARE_TEAM_VIEWED'`.execute(t.db.db);
        expect(Number(written.rows[0]!.n)).toBe(N);
        expect(await commitsOf(t, '10.38.')).toBeLessThanOrEqual(N / 4);
        const report = await verifyActivityChain(t.db.db);
        expect(report).toMatchObject({ ok: true, problems: [] });
        const seqs = await sql<{ n: string; max: string }>`
          select count(*)::text as n, max(chain_seq)::text as max from activity_log`.execute(
          t.db.db,
        );
        expect(seqs.rows[0]!.n).toBe(seqs.rows[0]!.max);
      } finally {
        await second.app.close();
        await second.db.close();
      }
    });
  },
);
