// A lab file's values count only under the server's seal (issue 34 item 5, migration 0027). Since
// 0021 a value is accepted only beside its own LAB_RESULT file row "uploaded by" an ADMIN, in one
// transaction, but whoever may INSERT could still write such a file row himself with an `amended`
// value (6.3 HIGH became 4.9 NORMAL on her page). Now the upload seals each file with a key the
// database never holds, and a file without a right seal changes nothing she sees; an ADMIN's
// upload of the corrected report still does. On both databases, as the app role on PostgreSQL.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { grantAppRole } from '../src/db/app-role.ts';
import { noteSigningKey } from '../src/modules/journal/signature.ts';
import {
  describeLabSealReport,
  labSealKey,
  sealLegacyFiles,
  verifyLabSeals,
} from '../src/modules/lab-results/seal.ts';
import {
  describeDb,
  login,
  PG_ADMIN_URL,
  send,
  TEST_DB,
  useTestApp,
  type TestApp,
} from './helpers.ts';
import { glucose, herGlucose, upload } from './lab-upload-helpers.ts';

/**
 * One transaction of plain SQL: a complete LAB_RESULT file row "uploaded by" the ADMIN, an
 * `amended` 4.9 NORMAL for the real glucose identifier and (with `seal`) a lab_files row
 * carrying a made-up seal. Ids are generated here (uuids, integers): written in as literals.
 */
function fakeFile(t: TestApp, seal: string | null): string[] {
  const id = randomUUID();
  const client = t.users.klient.id;
  const admin = t.users.admin.id;
  return [
    'begin',
    `insert into files (id, kind, subject_user_id, uploaded_by, storage_key, original_name,
        mime_type, size_bytes, sha256, created_at)
      values ('${id}', 'LAB_RESULT', ${client}, ${admin}, '${randomUUID()}', 'Glukos_${id.slice(0, 8)}.json',
        'application/fhir+json', 10, '${'0'.repeat(64)}', now() + interval '1 hour')`,
    `insert into lab_values (file_id, subject_user_id, position, analysis, loinc, value, unit,
        ref_low, ref_high, sampled_on, obs_status, interpretation, identifier, reported_at)
      values ('${id}', ${client}, 0, 'Glukos', '15074-8', 4.9, 'mmol/L', 3.1, 6.2, '2026-11-02',
        'amended', 'NORMAL', 'urn:lab|glukos-1', now())`,
    ...(seal === null
      ? []
      : [
          `insert into lab_files (file_id, subject_user_id, format, values_status, note, read_count, seal)
            values ('${id}', ${client}, 'FHIR', 'READ', 'Förfalskad anteckning', 1, '${seal}')`,
        ]),
    'commit',
  ];
}

/** Runs the statements as the app: on PostgreSQL as the INSERT-only app role. */
async function asApp(t: TestApp, statements: string[]): Promise<void> {
  if (TEST_DB !== 'postgres') {
    // PGlite is one connection: a failed statement's transaction is rolled back here.
    await t.db.db.connection().execute(async (conn) => {
      try {
        for (const s of statements) await sql.raw(s).execute(conn);
      } catch (error) {
        await sql`rollback`.execute(conn);
        throw error;
      }
    });
    return;
  }
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
      for (const s of statements) await app.query(s);
    } catch (error) {
      await app.query('rollback');
      throw error;
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
}

/** The seal key of the test app's SESSION_SECRET. */
const KEY = labSealKey(noteSigningKey('test-secret-0123456789abcdef0123456789'));

describeDb('a lab file’s values count only under the server’s seal', () => {
  const t = useTestApp();

  it('a fake ADMIN file with an amended value, written in one transaction, changes nothing she sees', async () => {
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

    // Accepted by the database (0021 sees an ADMIN's file in this transaction), without a seal
    // or with a made-up one ...
    await asApp(t, fakeFile(t, null));
    expect(await herGlucose(t)).toMatchObject([{ value: 6.3, refHigh: 6.2 }]);
    await asApp(t, fakeFile(t, randomBytes(32).toString('hex')));
    const fakes = await t.db.db
      .selectFrom('lab_values')
      .select('id')
      .where('obs_status', '=', 'amended')
      .execute();
    expect(fakes).toHaveLength(2);
    // ... and neither changes her page: still 6.3 HIGH, no correction.
    const seen = await herGlucose(t);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ value: 6.3, refHigh: 6.2 });
    expect(seen[0]).not.toHaveProperty('correctedAt');
    // The fake file rows are listed (files rows are frozen), but as nothing was read from them.
    const cookie = await login(t, t.users.klient.email);
    const page = await send(t, 'GET', '/api/v1/user/lab-results', { cookie });
    const fakeFiles = (
      page.json().files as Array<{ fileName: string; valuesStatus: string; note: string | null }>
    ).filter((f) => f.fileName !== 'Glukos.json');
    expect(fakeFiles).toHaveLength(2);
    for (const f of fakeFiles) expect(f).toMatchObject({ valuesStatus: 'NONE', note: null });

    // `pnpm lab-results:verify` names both fakes and passes the ADMIN's upload.
    const report = await verifyLabSeals(t.db.db, KEY);
    expect(report.ok).toBe(1);
    expect(report.bad.map((b) => b.problem).sort()).toEqual(['missing', 'wrong']);
    expect(report.bad.every((b) => b.clientId === t.users.klient.id)).toBe(true);
    expect(describeLabSealReport(report).at(-1)).toBe(
      'FEL: 3 provsvarsfiler, 1 med rätt försegling, 0 från före förseglingen, 2 med fel',
    );
  });

  it('a seal cannot be set to "before the seal", nor changed, by the app', async () => {
    const file = await t.db.db
      .selectFrom('files')
      .select('id')
      .where('original_name', '=', 'Glukos.json')
      .executeTakeFirstOrThrow();
    await expect(asApp(t, fakeFile(t, 'legacy'))).rejects.toThrow(
      /ett provsvar kan inte läggas till som oförseglat från före förseglingen/,
    );
    for (const seal of ['legacy', 'f'.repeat(64)]) {
      await expect(
        asApp(t, [`update lab_files set seal = '${seal}' where file_id = '${file.id}'`]),
      ).rejects.toThrow(/ett provsvars försegling kan inte ändras/);
    }
    // What the sealed row says cannot be changed either; her opening it still can.
    await expect(
      asApp(t, [`update lab_files set note = 'Ändrad' where file_id = '${file.id}'`]),
    ).rejects.toThrow(/ett lagrat provsvar kan inte ändras/);
    await asApp(t, [`update lab_files set opened_at = now() where file_id = '${file.id}'`]);
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

  it('a file stored before the seal (marked by the migration) is sealed once at start, with the server’s key', async () => {
    const file = await t.db.db
      .selectFrom('files')
      .select('id')
      .where('original_name', '=', 'Glukos_rättad.json')
      .executeTakeFirstOrThrow();
    // As migration 0027 marks the files it finds (the owner, with the guard off).
    await sql`alter table lab_files disable trigger lab_files_seal_guard`.execute(t.db.db);
    await sql`update lab_files set seal = 'legacy' where file_id = ${file.id}`.execute(t.db.db);
    await sql`alter table lab_files enable trigger lab_files_seal_guard`.execute(t.db.db);
    // Not sealed yet: its correction is not used, the first upload's 6.3 is what she sees.
    expect(await herGlucose(t)).toMatchObject([{ value: 6.3 }]);
    const key = KEY;
    expect((await verifyLabSeals(t.db.db, key)).legacy).toEqual([file.id]);
    expect(await sealLegacyFiles(t.db.db, key)).toBe(1);
    expect(await sealLegacyFiles(t.db.db, key)).toBe(0);
    expect(await herGlucose(t)).toMatchObject([{ value: 4.9 }]);
  });
});
