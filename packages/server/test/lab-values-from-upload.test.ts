// A frozen lab value is changed only by an upload (issue 34 item 5). Before, anyone who could
// INSERT (the app role too) added an `amended` row with the same identifier to a lab file, and
// 6.3 HIGH became 4.9 NORMAL on the client's page. Now a value (or a retraction, or a skipped-value
// row) is accepted only in the transaction that wrote its LAB_RESULT file, uploaded by an ADMIN,
// for that file's client (migration 0021); a correction comes from the ADMIN's upload of the
// corrected report. On both databases, and on PostgreSQL as the INSERT-only app role.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { grantAppRole } from '../src/db/app-role.ts';
import { describeDb, login, PG_ADMIN_URL, TEST_DB, useTestApp } from './helpers.ts';
import { glucose, herGlucose, upload } from './lab-upload-helpers.ts';

const OUTSIDE = /ett provsvar kan bara läggas till när dess fil laddas upp/;
const NOT_ADMIN = /ett provsvar kan bara komma från en fil som en administratör laddat upp/;

/** An `amended` 4.9 row for the glucose identifier, in `fileId`, as SQL any INSERT role may send. */
const amendedRow = (fileId: string, userId: number) => ({
  text: `insert into lab_values (file_id, subject_user_id, position, analysis, loinc, value, unit,
      ref_low, ref_high, sampled_on, obs_status, identifier, reported_at)
    values ($1, $2, 99, 'Glukos', '15074-8', 4.9, 'mmol/L', 3.1, 6.2, '2026-11-02', 'amended',
      'urn:lab|glukos-1', now())`,
  values: [fileId, userId] as [string, number],
});

describeDb('a frozen lab value is changed only by an ADMIN’s upload', () => {
  const t = useTestApp();

  it('an amended row inserted afterwards is refused; she still sees 6.3 HIGH', async () => {
    const admin = await login(t, t.users.admin.email);
    const first = await upload(
      t,
      admin,
      t.users.klient.id,
      'Glukos.json',
      glucose('final', 6.3, '2026-11-02T10:00:00Z'),
    );
    expect(first.statusCode).toBe(201);
    expect(await herGlucose(t)).toMatchObject([{ value: 6.3, refHigh: 6.2 }]);
    const file = await t.db.db
      .selectFrom('files')
      .select('id')
      .where('original_name', '=', 'Glukos.json')
      .executeTakeFirstOrThrow();
    const row = amendedRow(file.id, t.users.klient.id);

    // Into the uploaded file, later: refused.
    await expect(sql.raw(bind(row)).execute(t.db.db)).rejects.toThrow(OUTSIDE);
    // Into a file row of its own made in the same transaction, but not uploaded by an ADMIN.
    await expect(
      t.db.db.transaction().execute(async (trx) => {
        const id = randomUUID();
        await trx
          .insertInto('files')
          .values({
            id,
            kind: 'LAB_RESULT',
            subject_user_id: t.users.klient.id,
            uploaded_by: t.users.staff.id,
            storage_key: randomUUID(),
            original_name: 'Rättelse.json',
            mime_type: 'application/fhir+json',
            size_bytes: 10,
            sha256: '0'.repeat(64),
            created_at: new Date(Date.now() + 60_000),
          })
          .execute();
        await sql.raw(bind(amendedRow(id, t.users.klient.id))).execute(trx);
      }),
    ).rejects.toThrow(NOT_ADMIN);
    // A skipped-value row cannot be added afterwards either.
    await expect(
      t.db.db
        .insertInto('lab_skipped_values')
        .values({ file_id: file.id, position: 7, analysis: null, reason: 'x' })
        .execute(),
    ).rejects.toThrow(OUTSIDE);
    expect(await herGlucose(t)).toMatchObject([{ value: 6.3, refHigh: 6.2 }]);
  });

  it('a corrected report uploaded by the ADMIN replaces the value, as before', async () => {
    const admin = await login(t, t.users.admin.email);
    const res = await upload(
      t,
      admin,
      t.users.klient.id,
      'Glukos_rättad.json',
      glucose('amended', 4.9, '2026-11-03T10:00:00Z'),
    );
    expect(res.statusCode).toBe(201);
    expect(await herGlucose(t)).toEqual([
      expect.objectContaining({ value: 4.9, correctedAt: '2026-11-03T10:00:00.000Z' }),
    ]);
  });

  (TEST_DB === 'postgres' ? it : it.skip)(
    'the INSERT-only app role can neither add the row nor turn the check off',
    async () => {
      const file = await t.db.db
        .selectFrom('files')
        .select('id')
        .where('original_name', '=', 'Glukos.json')
        .executeTakeFirstOrThrow();
      const role = `halsa_app_${randomBytes(4).toString('hex')}`;
      const dbUrl = PG_ADMIN_URL.replace(/\/[^/]*$/, `/${t.db.name}`);
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`create role ${role} login`);
      try {
        await grantAppRole(t.db.db, role);
        const app = new pg.Client({ connectionString: dbUrl.replace('postgres@', `${role}@`) });
        await app.connect();
        try {
          await expect(app.query(amendedRow(file.id, t.users.klient.id))).rejects.toThrow(OUTSIDE);
          for (const statement of [
            'drop trigger lab_values_from_upload on lab_values',
            'alter table lab_values disable trigger all',
            'drop function lab_row_from_upload() cascade',
          ]) {
            await expect(app.query(statement), statement).rejects.toThrow(
              /permission denied|must be owner/,
            );
          }
        } finally {
          await app.end();
        }
      } finally {
        const owner = new pg.Client({ connectionString: dbUrl });
        await owner.connect();
        await owner.query(`drop owned by ${role}`);
        await owner.end();
        await admin.query(`drop role ${role}`);
        await admin.end();
      }
      expect(await herGlucose(t)).toMatchObject([{ value: 4.9 }]);
    },
  );
});

/** The statement with its two parameters written in (a uuid and an integer, both checked). */
function bind(row: { text: string; values: [string, number] }): string {
  const [fileId, userId] = row.values;
  if (!/^[0-9a-f-]{36}$/.test(fileId) || !Number.isInteger(userId)) throw new Error('bad test');
  return row.text.replace('$1', `'${fileId}'`).replace('$2', String(userId));
}
