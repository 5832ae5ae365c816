// Applies the SQL migrations in order, each in its own transaction, once. Several instances
// starting together against one PostgreSQL take turns: the whole run holds a session-level
// advisory lock on one connection, so the second instance waits, then finds every migration
// applied (test/migrate-lock.test.ts).
//
// The numbers are not contiguous (0024-0025 and 0029-0031 are not in this list): a branch takes
// a number when it starts, and some land later (0022 landed after 0032: a database that has 0032
// gets 0022 on its next start; each migration runs once, by name) or never. What runs is this
// list, in its order. A new migration takes the number after the highest one here and on open
// branches.
import { sql, type Kysely } from 'kysely';
import * as m0001 from './migrations/0001_init.ts';
import * as m0002 from './migrations/0002_outbox.ts';
import * as m0003 from './migrations/0003_journal.ts';
import * as m0004 from './migrations/0004_journal_settings.ts';
import * as m0005 from './migrations/0005_client_search.ts';
import * as m0006 from './migrations/0006_file_blobs.ts';
import * as m0007 from './migrations/0007_activity_chain.ts';
import * as m0008 from './migrations/0008_lab_values.ts';
import * as m0009 from './migrations/0009_appointments.ts';
import * as m0010 from './migrations/0010_file_blob_chunks.ts';
import * as m0011 from './migrations/0011_note_letterhead.ts';
import * as m0012 from './migrations/0012_file_blob_chunks_created.ts';
import * as m0013 from './migrations/0013_outbox_message_id.ts';
import * as m0014 from './migrations/0014_appointment_overlap.ts';
import * as m0015 from './migrations/0015_activity_chain_hardening.ts';
import * as m0016 from './migrations/0016_note_signature.ts';
import * as m0017 from './migrations/0017_lab_records_frozen.ts';
import * as m0018 from './migrations/0018_people_and_access.ts';
import * as m0019 from './migrations/0019_lab_value_details.ts';
import * as m0020 from './migrations/0020_notice_mails.ts';
import * as m0021 from './migrations/0021_lab_values_from_upload.ts';
import * as m0022 from './migrations/0022_capacity_indexes.ts';
import * as m0023 from './migrations/0023_strong_sign_in.ts';
import * as m0026 from './migrations/0026_eid.ts';
import * as m0027 from './migrations/0027_lab_file_seal.ts';
import * as m0028 from './migrations/0028_questionnaires.ts';
import * as m0032 from './migrations/0032_session_strong_sign_in.ts';
import * as m0033 from './migrations/0033_conversation_change_seq.ts';
import * as m0034 from './migrations/0034_log_rollups.ts';
import * as m0035 from './migrations/0035_message_file_index.ts';
import * as m0036 from './migrations/0036_files_kind_created_index.ts';
import * as m0037 from './migrations/0037_log_rollup_set.ts';
import * as m0039 from './migrations/0039_appointments_starts_index.ts';
import * as m0040 from './migrations/0040_review_pattern_indexes.ts';
import type { Database } from './schema.ts';

export const migrations: ReadonlyArray<{ name: string; sql: string }> = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0016,
  m0017,
  m0018,
  m0019,
  m0020,
  m0021,
  m0022,
  m0023,
  m0026,
  m0027,
  m0028,
  m0032,
  m0033,
  m0034,
  m0035,
  m0036,
  m0037,
  m0039,
  m0040,
];

/** Key of the advisory lock every instance's migration run holds. */
export const MIGRATION_LOCK = 4711001;

export async function migrate(db: Kysely<Database>): Promise<string[]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const raw = db as unknown as Kysely<any>;
  return raw.connection().execute(async (conn) => {
    // Held for the whole run (even `create table if not exists` races between instances).
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(conn);
      const applied: string[] = [];
      for (const migration of migrations) {
        await conn.transaction().execute(async (trx) => {
          const done = await trx
            .selectFrom('schema_migrations')
            .select('name')
            .where('name', '=', migration.name)
            .executeTakeFirst();
          if (done) return;
          await sql.raw(migration.sql).execute(trx);
          await trx.insertInto('schema_migrations').values({ name: migration.name }).execute();
          applied.push(migration.name);
        });
      }
      return applied;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}
