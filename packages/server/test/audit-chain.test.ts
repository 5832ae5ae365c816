// The tamper-evident activity log (issue 16 §4): every row is chained to the one before;
// `pnpm audit:verify` says OK or names the first changed or deleted row; concurrent writers
// still make one chain; with PostgreSQL the app can run as a role that may only INSERT. 0037's
// chain trigger refuses and chains exactly what 0015's did, in any session's settings.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { describeReport, verifyActivityChain } from '../src/audit/chain.ts';
import { CHECKPOINT_FILE, writeCheckpoint } from '../src/audit/checkpoint.ts';
import { grantAppRole } from '../src/db/app-role.ts';
import { sql as sql0015 } from '../src/db/migrations/0015_activity_chain_hardening.ts';
import { describeDb, login, PG_ADMIN_URL, TEST_DB, useTestApp, type TestApp } from './helpers.ts';

const serverDir = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** What only the owner can do: switch the append-only trigger off for one statement. */
async function asOwner(t: TestApp, statement: string): Promise<void> {
  await t.db.db.transaction().execute(async (trx) => {
    await sql`alter table activity_log disable trigger activity_log_no_update`.execute(trx);
    await sql.raw(statement).execute(trx);
    await sql`alter table activity_log enable trigger activity_log_no_update`.execute(trx);
  });
}

const seqOf = async (t: TestApp, id: number) =>
  Number(
    (
      await t.db.db
        .selectFrom('activity_log')
        .select('chain_seq')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).chain_seq,
  );

describeDb('activity log hash chain', () => {
  const t = useTestApp();

  it('rows written by the app form an unbroken chain', async () => {
    await login(t, 'staff@example.com');
    await login(t, 'klient@example.com');
    const report = await verifyActivityChain(t.db.db);
    expect(report.ok).toBe(true);
    if (!report.ok) return;
    expect(report.rows).toBeGreaterThanOrEqual(4);
    expect(describeReport(report)).toMatch(
      /^OK: \d+ rader, kedjan är obruten\. Senaste rad: chain_seq \d+, hash [0-9a-f]{64}$/,
    );
  });

  it('concurrent inserts still make one chain without gaps', async () => {
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.app.ctx.activity.record({
          action: 'CLIENT_VIEWED',
          actorUserId: t.users.staff.id,
          subjectUserId: t.users.klient.id,
          details: { i },
        }),
      ),
    );
    const report = await verifyActivityChain(t.db.db);
    expect(report).toMatchObject({ ok: true });
    const seqs = await sql<{ n: string; max: string }>`
      select count(*)::text as n, max(chain_seq)::text as max from activity_log`.execute(t.db.db);
    expect(seqs.rows[0]!.n).toBe(seqs.rows[0]!.max);
  });

  it('rows of one transaction chain in order; a rolled-back one leaves no gap', async () => {
    await t.db.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) {
        await t.app.ctx.activity.record({ action: 'CLIENT_LIST_VIEWED', details: { i } }, trx);
      }
    });
    await expect(
      t.db.db.transaction().execute(async (trx) => {
        await t.app.ctx.activity.record({ action: 'CLIENT_LIST_VIEWED' }, trx);
        throw new Error('ångra');
      }),
    ).rejects.toThrow('ångra');
    await t.app.ctx.activity.record({ action: 'LOGOUT', actorUserId: t.users.klient.id });
    expect(await verifyActivityChain(t.db.db)).toMatchObject({ ok: true });
  });

  it('an edited row is reported by id', async () => {
    expect((await verifyActivityChain(t.db.db)).ok).toBe(true);
    const row = await t.db.db
      .selectFrom('activity_log')
      .select('id')
      .where('action', '=', 'CLIENT_VIEWED')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const seq = await seqOf(t, row.id);
    await asOwner(t, `update activity_log set subject_user_id = null where id = ${row.id}`);
    const report = await verifyActivityChain(t.db.db);
    expect(report).toMatchObject({ ok: false, id: row.id, seq, rows: seq - 1 });
    expect(describeReport(report).split('\n')[0]).toBe(
      `BRUTEN vid rad id ${row.id}, chain_seq ${seq}: innehållet stämmer inte med radens hash (raden är ändrad). ${seq - 1} rader före den är obrutna.`,
    );
    // Recomputing its own hash does not help: the next row's prev_hash no longer fits.
    await asOwner(
      t,
      `update activity_log set row_hash = activity_log_row_hash(chain_seq, prev_hash, id, action, actor_user_id, subject_user_id, ip_address, details, created_at) where id = ${row.id}`,
    );
    const next = await verifyActivityChain(t.db.db);
    expect(next).toMatchObject({ ok: false, seq: seq + 1 });
    expect(describeReport(next)).toContain('prev_hash stämmer inte med raden före');
  });
});

describeDb('a deleted row', () => {
  const t = useTestApp();

  it('in the middle is reported; a deleted tail fails the anchor of an earlier run', async () => {
    for (let i = 0; i < 5; i++) {
      await t.app.ctx.activity.record({
        action: 'CLIENT_LIST_VIEWED',
        actorUserId: t.users.admin.id,
      });
    }
    const ok = await verifyActivityChain(t.db.db);
    if (!ok.ok || !ok.head) throw new Error('expected an intact chain');
    const anchor = ok.head;

    await asOwner(t, `delete from activity_log where chain_seq = ${anchor.seq}`);
    const tail = await verifyActivityChain(t.db.db, { anchor });
    expect(tail).toMatchObject({ ok: false, seq: anchor.seq });
    expect(describeReport(tail)).toContain('finns inte längre (slutet av loggen raderat)');

    await asOwner(t, `delete from activity_log where chain_seq = 2`);
    const middle = await verifyActivityChain(t.db.db);
    expect(middle).toMatchObject({ ok: false, seq: 3, rows: 1 });
    expect(describeReport(middle)).toContain('raden med chain_seq 2 saknas (raderad)');
  });
});

// One database for the three (in this order): the rewrite of the third test is invisible to the
// chain, so the first break of the last test is its own.
describeDb('every break, the head from the table only, signed checkpoints (issue 22 §8)', () => {
  const t = useTestApp();
  const SECRET = 'checkpoint-test-secret-0123456789abcdef';
  const record = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await t.app.ctx.activity.record({ action: 'CLIENT_LIST_VIEWED', details: { i } });
    }
  };
  const seqIds = async () =>
    (
      await t.db.db
        .selectFrom('activity_log')
        .select(['id', 'chain_seq'])
        .orderBy('chain_seq')
        .execute()
    ).map((r) => ({ id: r.id, seq: Number(r.chain_seq) }));

  it('a session cannot steer the chain through halsa.activity_chain_head', async () => {
    await record(2);
    await t.db.db.transaction().execute(async (trx) => {
      await sql`select set_config('halsa.activity_chain_head', ${`999:${'a'.repeat(64)}`}, true)`.execute(
        trx,
      );
      await t.app.ctx.activity.record({ action: 'CLIENT_LIST_VIEWED' }, trx);
    });
    expect(await verifyActivityChain(t.db.db)).toMatchObject({ ok: true, problems: [] });
  });

  it('an owner rewrite re-chained with the database’s own hash passes the chain, not a checkpoint', async () => {
    await record(5);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'halsa-checkpoints-'));
    const logged: string[] = [];
    const checkpoint = await writeCheckpoint(t.db.db, {
      dataDir,
      secret: SECRET,
      log: { log: (line: string) => logged.push(line) },
    });
    const file = path.join(dataDir, CHECKPOINT_FILE);
    expect(logged).toEqual([`audit-checkpoint ${readFileSync(file, 'utf8').trim()}`]);
    await record(2);
    const checkpoints = { file, secret: SECRET };
    expect(await verifyActivityChain(t.db.db, { checkpoints })).toMatchObject({ ok: true });

    // The owner edits an old row and re-chains every later row with activity_log_row_hash.
    const victim = (await seqIds())[1]!;
    await t.db.db.transaction().execute(async (trx) => {
      await sql`alter table activity_log disable trigger activity_log_no_update`.execute(trx);
      await sql
        .raw(`update activity_log set ip_address = '10.6.6.6' where id = ${victim.id}`)
        .execute(trx);
      await sql
        .raw(
          `do $d$
          declare r record; prev text;
          begin
            select row_hash into prev from activity_log where chain_seq = ${victim.seq - 1};
            for r in select * from activity_log where chain_seq >= ${victim.seq} order by chain_seq loop
              update activity_log set prev_hash = prev,
                row_hash = activity_log_row_hash(r.chain_seq, prev, r.id, r.action, r.actor_user_id,
                  r.subject_user_id, r.ip_address, r.details, r.created_at)
              where id = r.id returning row_hash into prev;
            end loop;
          end $d$`,
        )
        .execute(trx);
      await sql`alter table activity_log enable trigger activity_log_no_update`.execute(trx);
    });
    // The unkeyed chain alone cannot tell.
    expect(await verifyActivityChain(t.db.db)).toMatchObject({ ok: true });

    const report = await verifyActivityChain(t.db.db, { checkpoints });
    expect(report).toMatchObject({ ok: false, seq: checkpoint!.seq });
    expect(describeReport(report)).toContain(
      `BRUTEN vid rad id ${(await seqIds()).find((r) => r.seq === checkpoint!.seq)!.id}, chain_seq ${checkpoint!.seq}: kontrollpunkten från ${checkpoint!.at} har en annan hash för raden (loggen är omskriven).`,
    );

    // A checkpoint forged to match the rewrite lacks the key: its MAC is refused.
    const forged = { ...checkpoint!, hash: 'b'.repeat(64) };
    const forgedFile = path.join(dataDir, 'forged.jsonl');
    writeFileSync(forgedFile, `${JSON.stringify(forged)}\n`);
    const refused = await verifyActivityChain(t.db.db, {
      checkpoints: { file: forgedFile, secret: SECRET },
    });
    expect(refused.problems.map((p) => p.problem)).toEqual([
      expect.stringContaining('har fel MAC'),
    ]);
  });

  it('reports every break and goes on after it', async () => {
    await record(6);
    const rows = await seqIds();
    const [a, b] = [rows[1]!, rows[4]!];
    await asOwner(t, `update activity_log set ip_address = '10.8.8.8' where id = ${a.id}`);
    await asOwner(t, `update activity_log set ip_address = '10.7.7.7' where id = ${b.id}`);
    const report = await verifyActivityChain(t.db.db);
    expect(report).toMatchObject({ ok: false, seq: a.seq, rows: a.seq - 1 });
    expect(report.problems.map((p) => [p.id, p.seq])).toEqual([
      [a.id, a.seq],
      [b.id, b.seq],
    ]);
    const text = describeReport(report).split('\n');
    expect(text[0]).toContain(`BRUTEN vid rad id ${a.id}, chain_seq ${a.seq}:`);
    expect(text[1]).toContain(`BRUTEN vid rad id ${b.id}, chain_seq ${b.seq}:`);
    expect(text.at(-1)).toBe(`2 fel bland ${rows.length} rader.`);
  });
});

(TEST_DB === 'postgres' ? describeDb : describe.skip)('pnpm audit:verify', () => {
  const t = useTestApp();
  const dbUrl = () => PG_ADMIN_URL.replace(/\/[^/]*$/, `/${t.db.name}`);
  const emptyDir = mkdtempSync(path.join(tmpdir(), 'halsa-verify-'));
  const verifyCli = () =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/audit/verify-cli.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, DATABASE_URL: dbUrl(), DATA_DIR: emptyDir },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('the command prints OK, then the first broken row with exit code 1', async () => {
    await login(t, 'staff@example.com');
    const ok = verifyCli();
    expect(ok.stdout).toMatch(/^OK: \d+ rader, kedjan är obruten\./);
    expect(ok.status).toBe(0);
    const row = await t.db.db
      .selectFrom('activity_log')
      .select('id')
      .orderBy('chain_seq')
      .executeTakeFirstOrThrow();
    await asOwner(t, `update activity_log set ip_address = '10.6.6.6' where id = ${row.id}`);
    const broken = verifyCli();
    expect(broken.stdout).toMatch(
      new RegExp(`^BRUTEN vid rad id ${row.id}, chain_seq 1: innehållet stämmer inte`),
    );
    expect(broken.status).toBe(1);
    // Two runs of the command, each compiling it with tsx: seconds on a busy machine.
  }, 120_000);
});

(TEST_DB === 'postgres' ? describeDb : describe.skip)(
  'the INSERT-only app role (README: running the app as a role that may only INSERT)',
  () => {
    const t = useTestApp();
    const dbUrl = () => PG_ADMIN_URL.replace(/\/[^/]*$/, `/${t.db.name}`);

    it('a role that may only INSERT: UPDATE, DELETE, TRUNCATE, dropping triggers refused', async () => {
      const role = `halsa_app_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`create role ${role} login`);
      try {
        await grantAppRole(t.db.db, role);
        const app = new pg.Client({ connectionString: dbUrl().replace('postgres@', `${role}@`) });
        await app.connect();
        try {
          // What the app does: reads and writes its tables, appends to the log (chained).
          await app.query(`update users set last_active_at = now() where id = $1`, [
            t.users.klient.id,
          ]);
          await app.query(
            `insert into activity_log (action, actor_user_id, created_at) values ('CLIENT_LIST_VIEWED', $1, now())`,
            [t.users.staff.id],
          );
          // A back-dated row (issue 22 §8): refused, not chained in the past.
          await expect(
            app.query(
              `insert into activity_log (action, actor_user_id, created_at) values ('LOGIN_SUCCEEDED', $1, now() - interval '1 year')`,
              [t.users.staff.id],
            ),
          ).rejects.toThrow(/mer än 5 minuter från databasens klocka/);
          for (const statement of [
            'update activity_log set ip_address = null',
            'delete from activity_log',
            'truncate activity_log',
            'drop trigger activity_log_chain on activity_log',
            'drop trigger activity_log_no_update on activity_log',
            'alter table activity_log disable trigger all',
            'drop function activity_log_chain() cascade',
          ]) {
            await expect(app.query(statement), statement).rejects.toThrow(
              /permission denied|must be owner/,
            );
          }
        } finally {
          await app.end();
        }
        expect(await verifyActivityChain(t.db.db)).toMatchObject({ ok: true });
      } finally {
        const owner = new pg.Client({ connectionString: dbUrl() });
        await owner.connect();
        await owner.query(`drop owned by ${role}`);
        await owner.end();
        await admin.query(`drop role ${role}`);
        await admin.end();
      }
    });
  },
);

describeDb("0037's chain trigger refuses and chains what 0015's did", () => {
  const t = useTestApp();

  it('back-dated, future, null and in-window rows of an INSERT-only role, the owner and a member of its role', async () => {
    await login(t, 'staff@example.com');
    const role = `halsa_app_${randomBytes(4).toString('hex')}`;
    const member = `${role}_owner`;
    const bare = `${role}_noinherit`; // a member of the owner's role without its rights
    const old = '2020-01-01 00:00:00.123456+00';
    const cases: [who: string, createdAt: string][] = [
      [role, `'${old}'::timestamptz`],
      [role, `clock_timestamp() - interval '310 seconds'`],
      [role, `clock_timestamp() + interval '310 seconds'`],
      [role, 'null'],
      [role, `clock_timestamp() - interval '290 seconds'`],
      [role, `clock_timestamp() + interval '290 seconds'`],
      [member, `'${old}'::timestamptz`],
      [bare, `'${old}'::timestamptz`],
      ['owner', `'${old}'::timestamptz`],
      ['owner', 'null'],
    ];

    /** Each case in a savepoint of one transaction, rolled back, with `trigger` in place if given. */
    const run = async (trigger?: string) => {
      const outcomes: string[] = [];
      await t.db.db
        .transaction()
        .execute(async (trx) => {
          if (trigger) await sql.raw(trigger).execute(trx);
          // What a session may set: none of it changes a row's text or hash.
          await sql`set local timezone = 'America/St_Johns'`.execute(trx);
          await sql`set local datestyle = 'SQL, DMY'`.execute(trx);
          await sql`set local extra_float_digits = 0`.execute(trx);
          await sql.raw(`create role ${role}`).execute(trx);
          await grantAppRole(trx, role);
          const owner = await sql<{ o: string }>`
            select pg_get_userbyid(relowner) as o from pg_class where oid = 'activity_log'::regclass`
            .execute(trx)
            .then((r) => r.rows[0]!.o);
          await sql.raw(`create role ${member} in role ${owner}`).execute(trx);
          await sql.raw(`create role ${bare} noinherit in role ${owner}`).execute(trx);
          await sql.raw(`grant ${role} to ${member}`).execute(trx);
          await grantAppRole(trx, bare);
          for (const [who, createdAt] of cases) {
            await sql`savepoint attempt`.execute(trx);
            if (who !== 'owner') await sql.raw(`set local role ${who}`).execute(trx);
            try {
              const row = await sql<{ id: number }>`
                insert into activity_log (action, actor_user_id, ip_address, details, created_at)
                values ('CLIENT_VIEWED', ${t.users.staff.id}, null, ${'{"å": "ä\\tö", "n": 1.50}'}::jsonb,
                        ${sql.raw(createdAt)})
                returning id`.execute(trx);
              outcomes.push(`${who === role ? 'app' : who}: ${row.rows[0] ? 'chained' : '?'}`);
            } catch (error) {
              const e = error as { code?: string; message: string };
              // A time from the clock differs between the runs.
              const message = createdAt.startsWith('clock_')
                ? e.message.replace(/created_at .* är/, 'created_at <tid> är')
                : e.message;
              outcomes.push(`${who === role ? 'app' : who}: ${e.code} ${message}`);
            }
            await sql`rollback to savepoint attempt`.execute(trx);
            await sql`reset role`.execute(trx);
          }
          // The rows kept chain on the head, in the format audit:verify recomputes.
          await sql`insert into activity_log (action, actor_user_id, details, created_at)
            values ('CLIENT_VIEWED', ${t.users.staff.id}, '{"ö": [1, 2.0]}', ${old}),
                   ('LOGOUT', null, null, clock_timestamp())`.execute(trx);
          const report = await verifyActivityChain(trx);
          outcomes.push(`verify: ${report.ok ? 'ok' : describeReport(report)}`);
          throw new Error('tillbaka');
        })
        .catch((error: Error) => expect(error.message).toBe('tillbaka'));
      return outcomes;
    };

    const chain0037 = await run();
    const chain0015 = await run(sql0015);
    expect(chain0037).toEqual(chain0015);
    // The timestamp as the refusal prints it: in the session's settings of the run.
    const shown = await t.db.db.transaction().execute(async (trx) => {
      await sql`set local timezone = 'America/St_Johns'`.execute(trx);
      await sql`set local datestyle = 'SQL, DMY'`.execute(trx);
      return (await sql<{ v: string }>`select ${old}::timestamptz::text as v`.execute(trx)).rows[0]!
        .v;
    });
    const refused = (at: string) =>
      `app: 23514 activity_log.created_at ${at} är mer än 5 minuter från databasens klocka`;
    expect(chain0037[0]).toBe(refused(shown));
    expect(chain0037.slice(1)).toEqual([
      refused('<tid>'), // 310 s ago
      refused('<tid>'), // 310 s ahead
      refused('<NULL>'), // refused by the trigger, before the column's NOT NULL
      'app: chained',
      'app: chained',
      `${member}: chained`,
      `${bare}: 23514 ${refused(shown).slice('app: 23514 '.length)}`,
      'owner: chained',
      expect.stringMatching(/^owner: 23502 /), // the owner's null reaches NOT NULL
      'verify: ok',
    ]);
  });
});
