// The 500 of bench:capacity's ADMIN batch (issue 38 item 3): an upload locked its client's
// `users` row FOR UPDATE (so concurrent uploads for one client pick names one at a time) and then
// waited for the log chain's lock (activity_log's trigger). A log row about that client written
// meanwhile by another request (a group commit: it holds the chain's lock from its trigger, then
// its foreign key takes FOR KEY SHARE on her row) waited for the upload: a deadlock, and
// PostgreSQL aborted the upload, answered 500 'Något gick fel'. The upload now takes FOR NO KEY
// UPDATE, which still orders one client's uploads but lets a foreign key check pass. PostgreSQL
// only: PGlite has one connection, nothing runs beside an upload there.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { labReport } from '../bench/capacity-batch.ts';
import { TEST_DB, describeDb, login, useTestApp } from './helpers.ts';
import { upload } from './lab-upload-helpers.ts';

/** The chain trigger's advisory lock (migrations 0007, 0015). */
const CHAIN_LOCK = 4711016;

describeDb('a lab upload beside a log row about its client', () => {
  const t = useTestApp();

  it.skipIf(TEST_DB !== 'postgres')(
    'both commit when the log chain is held while the upload locks her row',
    async () => {
      const admin = await login(t, t.users.admin.email);
      const client = t.users.klient.id;
      const report = labReport(client, new Date('2026-11-02T07:30:00Z'), 'lås');
      let answer: Awaited<ReturnType<typeof upload>> | undefined;
      await t.db.db.transaction().execute(async (trx) => {
        // As a group commit's INSERT does in its trigger: the chain's lock first…
        await sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`.execute(trx);
        const uploading = upload(t, admin, client, 'provsvar.json', report).then((res) => {
          answer = res;
        });
        // …until the upload, her row locked, waits for it…
        for (let i = 0; ; i++) {
          const waiting = await sql<{ n: number }>`
            select count(*)::int as n from pg_locks
            where locktype = 'advisory' and objid = ${CHAIN_LOCK} and not granted`.execute(t.db.db);
          if (waiting.rows[0]!.n > 0) break;
          expect(answer, 'the upload answered without waiting for the chain').toBeUndefined();
          expect(i).toBeLessThan(1500);
          await new Promise((r) => setTimeout(r, 20));
        }
        // …then a row about her, whose foreign key checks her row.
        await sql`
          insert into activity_log (action, actor_user_id, subject_user_id, details, created_at)
          values ('LAB_RESULTS_VIEWED', ${t.users.staff.id}, ${client}, '{}', now())`.execute(trx);
        void uploading;
      });
      for (let i = 0; answer === undefined; i++) {
        expect(i).toBeLessThan(1500);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(answer.statusCode, answer.body).toBe(201);
      const rows = await t.db.db
        .selectFrom('activity_log')
        .select('action')
        .where('subject_user_id', '=', client)
        .where('action', 'in', ['LAB_RESULTS_VIEWED', 'LAB_RESULT_UPLOADED'])
        .execute();
      expect(rows.map((r) => r.action).sort()).toEqual([
        'LAB_RESULTS_VIEWED',
        'LAB_RESULT_UPLOADED',
      ]);
    },
    60_000,
  );
});
