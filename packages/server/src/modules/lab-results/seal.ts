// The server's seal on a stored lab file (issue 34 item 5, migration 0027). Migration 0021 takes a
// value only in the transaction that wrote its LAB_RESULT file "uploaded by" an ADMIN, but whoever
// may INSERT (the app role) can write that file row himself, with an `amended` value beside it.
// So the upload seals each lab file: HMAC-SHA256 over the file's id, client, uploader, content
// hash and time, what its `lab_files` row says to her (format, read or not, note, counts) and a
// digest of its value and skipped rows, under a key derived (HKDF) from the
// server's signing key, itself derived from SESSION_SECRET — a secret the database never holds.
// Every reader of lab values uses only the rows of a file whose seal is right; a file without one,
// or with a wrong one, is left out and logged once per process.
import {
  createHash,
  createHmac,
  createSecretKey,
  hkdfSync,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type {
  Database,
  FilesTable,
  LabSkippedValuesTable,
  LabValuesTable,
} from '../../db/schema.ts';
import type { NoteSigningKey } from '../journal/signature.ts';

export interface LabSealKey {
  /**
   * A key object, not the bytes: on Node 24 an HMAC under a Buffer key costs about 11 µs against
   * 1.7 µs under a key object (a file's seal is checked on every read of her results; issue 38).
   */
  readonly key: KeyObject;
}

/** The seal key: its own HKDF label, so a seal can never stand in for another MAC or signature. */
export function labSealKey(signingKey: NoteSigningKey): LabSealKey {
  const pkcs8 = signingKey.privateKey.export({ format: 'der', type: 'pkcs8' });
  const seed = pkcs8.subarray(pkcs8.length - 32);
  return {
    key: createSecretKey(
      Buffer.from(hkdfSync('sha256', seed, 'halsa-lab-file', 'hmac-sha256 seal v1', 32)),
    ),
  };
}

/** Marks a file stored before migration 0027, sealed once by the server when it starts. */
export const LEGACY_SEAL = 'legacy';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/** What a file's `lab_files` row says and the seal covers (not `opened_at`: hers to change). */
export interface SealedLabFileFields {
  format: string;
  values_status: string;
  note: string | null;
  read_count: number | null;
  skipped_count: number | null;
}

export interface ExpectedSeal {
  seal: string;
  /** Value and skipped rows the file has: a file with none that is unsealed is not worth a warning. */
  rows: number;
}

/** A value row as the seal reads it (a `lab_values` row). */
export type LabValueRow = Omit<Selectable<LabValuesTable>, 'id'>;
/** A skipped-value row as the seal reads it. */
export type LabSkippedRow = Selectable<LabSkippedValuesTable>;

/**
 * The seal of one file from its rows, in memory: its `files` row, what its `lab_files` row says,
 * its value and skipped rows (each in position order). expectedSeals reads them from the
 * database; a seed that writes files in bulk computes the same seal from the rows it writes.
 */
export function labFileSeal(
  key: LabSealKey,
  f: Pick<
    Selectable<FilesTable>,
    'id' | 'subject_user_id' | 'uploaded_by' | 'sha256' | 'created_at'
  >,
  about: SealedLabFileFields | null,
  values: readonly LabValueRow[],
  skipped: readonly LabSkippedRow[],
): string {
  const digest = createHash('sha256');
  for (const v of values) {
    digest.update(
      JSON.stringify([
        'v',
        v.position,
        v.subject_user_id,
        v.analysis,
        v.loinc,
        v.value,
        v.unit,
        v.ref_low,
        v.ref_high,
        v.sampled_on,
        v.value_text,
        v.comparator,
        v.obs_status,
        v.interpretation,
        v.identifier,
        iso(v.reported_at),
        v.group_key,
        v.group_name,
        v.group_loinc,
      ]) + '\n',
    );
  }
  for (const s of skipped) {
    digest.update(JSON.stringify(['s', s.position, s.analysis, s.reason]) + '\n');
  }
  const text = JSON.stringify([
    'halsa-lab-file-v1',
    f.id,
    f.subject_user_id,
    f.uploaded_by,
    f.sha256,
    f.created_at.toISOString(),
    about?.format ?? null,
    about?.values_status ?? null,
    about?.note ?? null,
    about?.read_count ?? null,
    about?.skipped_count ?? null,
    digest.digest('hex'),
  ]);
  return createHmac('sha256', key.key).update(text, 'utf8').digest('hex');
}

/**
 * The seal each of these LAB_RESULT files should carry, computed from what the database holds
 * now (a file that is not a LAB_RESULT file has none), or for `pending` files from the
 * `lab_files` row about to be written. One JSON array per row, fixed order.
 */
export async function expectedSeals(
  db: Kysely<Database>,
  key: LabSealKey,
  fileIds: readonly string[],
  pending: ReadonlyMap<string, SealedLabFileFields> = new Map(),
): Promise<Map<string, ExpectedSeal>> {
  const out = new Map<string, ExpectedSeal>();
  if (fileIds.length === 0) return out;
  const files = await db
    .selectFrom('files')
    .select(['id', 'subject_user_id', 'uploaded_by', 'sha256', 'created_at'])
    .where('id', 'in', [...fileIds])
    .where('kind', '=', 'LAB_RESULT')
    .execute();
  if (files.length === 0) return out;
  const ids = files.map((f) => f.id);
  const labFiles = new Map<string, SealedLabFileFields>(
    (
      await db
        .selectFrom('lab_files')
        .select(['file_id', 'format', 'values_status', 'note', 'read_count', 'skipped_count'])
        .where('file_id', 'in', ids)
        .execute()
    ).map((r) => [r.file_id, r]),
  );
  const values = await db
    .selectFrom('lab_values')
    .selectAll()
    .where('file_id', 'in', ids)
    .orderBy('file_id')
    .orderBy('position')
    .execute();
  const skipped = await db
    .selectFrom('lab_skipped_values')
    .selectAll()
    .where('file_id', 'in', ids)
    .orderBy('file_id')
    .orderBy('position')
    .execute();
  const about = new Map(files.map((f) => [f.id, pending.get(f.id) ?? labFiles.get(f.id) ?? null]));
  return sealsOfRows(key, files, about, values, skipped);
}

/** A LAB_RESULT file's `files` row as its seal covers it. */
export type SealedFile = Pick<
  Selectable<FilesTable>,
  'id' | 'subject_user_id' | 'uploaded_by' | 'sha256' | 'created_at'
>;

/**
 * The seals of these LAB_RESULT files from their rows as read: what each `lab_files` row says
 * (null: none), and their value and skipped rows in any order (each file's are put in position
 * order here).
 */
export function sealsOfRows(
  key: LabSealKey,
  files: readonly SealedFile[],
  about: ReadonlyMap<string, SealedLabFileFields | null>,
  values: readonly LabValueRow[],
  skipped: readonly LabSkippedRow[],
): Map<string, ExpectedSeal> {
  const out = new Map<string, ExpectedSeal>();
  const valuesOf = new Map<string, LabValueRow[]>(files.map((f) => [f.id, []]));
  const skippedOf = new Map<string, LabSkippedRow[]>(files.map((f) => [f.id, []]));
  for (const v of values) valuesOf.get(v.file_id)?.push(v);
  for (const s of skipped) skippedOf.get(s.file_id)?.push(s);
  const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;
  for (const f of files) {
    const fileValues = valuesOf.get(f.id)!.sort(byPosition);
    const fileSkipped = skippedOf.get(f.id)!.sort(byPosition);
    out.set(f.id, {
      seal: labFileSeal(key, f, about.get(f.id) ?? null, fileValues, fileSkipped),
      rows: fileValues.length + fileSkipped.length,
    });
  }
  return out;
}

/**
 * The seal of a file just stored, in its upload's transaction (after its value and skipped rows),
 * for the `lab_files` row `fields` about to be written with it.
 */
export async function sealOf(
  trx: Kysely<Database>,
  key: LabSealKey,
  fileId: string,
  fields: SealedLabFileFields,
): Promise<string> {
  const expected = (await expectedSeals(trx, key, [fileId], new Map([[fileId, fields]]))).get(
    fileId,
  );
  if (!expected) throw new Error('Provsvarsfilen saknas i sin egen uppladdning');
  return expected.seal;
}

const warned = new Set<string>();

/**
 * Which of these files' values (and `lab_files` details) may be shown: those whose seal is right.
 * Each file left out that has a seal or rows is logged once per process (an operator should look:
 * the database was written outside the app); a file from before structured results (no
 * `lab_files` row, or only the one her opening it wrote) has neither and is not.
 */
export async function sealedFiles(
  db: Kysely<Database>,
  key: LabSealKey,
  fileIds: readonly string[],
  log: Pick<Console, 'warn'> = console,
): Promise<Set<string>> {
  const unique = [...new Set(fileIds)];
  const ok = new Set<string>();
  if (unique.length === 0) return ok;
  const stored = await db
    .selectFrom('lab_files')
    .select(['file_id', 'seal'])
    .where('file_id', 'in', unique)
    .execute();
  const seals = new Map(stored.map((r) => [r.file_id, r.seal]));
  return rightSeals(unique, seals, await expectedSeals(db, key, unique), log);
}

/**
 * sealedFiles's judgement, for a reader that read the rows itself (the overview reads a file's
 * values once, for its seal and to show them): of these files, those whose stored seal (`stored`,
 * by file id) is the one their rows give (`expected`, sealsOfRows); each other one with a seal or
 * rows is logged once per process.
 */
export function rightSeals(
  fileIds: readonly string[],
  stored: ReadonlyMap<string, string | null>,
  expected: ReadonlyMap<string, ExpectedSeal>,
  log: Pick<Console, 'warn'> = console,
): Set<string> {
  const ok = new Set<string>();
  for (const id of new Set(fileIds)) {
    const have = stored.get(id);
    const want = expected.get(id);
    if (
      have &&
      want &&
      have.length === want.seal.length &&
      timingSafeEqual(Buffer.from(have), Buffer.from(want.seal))
    ) {
      ok.add(id);
    } else if ((have || (want?.rows ?? 0) > 0) && !warned.has(id)) {
      warned.add(id);
      log.warn(
        `Provsvarsfilen ${id} har ${have === LEGACY_SEAL ? 'ännu ingen' : have ? 'fel' : 'ingen'} ` +
          'försegling: dess värden visas inte (skrivna utanför appens uppladdning?)',
      );
    }
  }
  return ok;
}

/**
 * Seals the files stored before migration 0027 (marked 'legacy' by it): once, by the server
 * that holds the key, at start. The database lets only a 'legacy' seal be replaced, and only
 * that migration marks a file so. Answers how many it sealed.
 */
export async function sealLegacyFiles(db: Kysely<Database>, key: LabSealKey): Promise<number> {
  let sealed = 0;
  for (;;) {
    const batch = await db
      .selectFrom('lab_files')
      .select('file_id')
      .where('seal', '=', LEGACY_SEAL)
      .orderBy('file_id')
      .limit(200)
      .execute();
    if (batch.length === 0) return sealed;
    const seals = await expectedSeals(
      db,
      key,
      batch.map((b) => b.file_id),
    );
    for (const { file_id } of batch) {
      // A lab_files row of a file that is not a lab result (none in practice): an unusable seal.
      const seal = seals.get(file_id)?.seal ?? '0'.repeat(64);
      const res = await db
        .updateTable('lab_files')
        .set({ seal })
        .where('file_id', '=', file_id)
        .where('seal', '=', LEGACY_SEAL)
        .executeTakeFirst();
      sealed += Number(res.numUpdatedRows);
    }
  }
}

export interface LabSealReport {
  /** LAB_RESULT files checked (those with values or a `lab_files` row). */
  checked: number;
  ok: number;
  /** Marked by migration 0027 and not yet sealed: the server seals them when it starts. */
  legacy: string[];
  /** No seal, or a wrong one: values written outside the app's upload, or changed since. */
  bad: Array<{ fileId: string; clientId: number; problem: 'missing' | 'wrong' }>;
}

/**
 * Checks every stored lab file's seal against what the database holds now (`pnpm lab-results:verify`),
 * as a reader would before showing its values: the operator's check after a restore or when a
 * reader has logged a file it left out.
 */
export async function verifyLabSeals(
  db: Kysely<Database>,
  key: LabSealKey,
): Promise<LabSealReport> {
  const report: LabSealReport = { checked: 0, ok: 0, legacy: [], bad: [] };
  let after: string | null = null;
  for (;;) {
    const batch = await db
      .selectFrom('files as f')
      .leftJoin('lab_files as l', 'l.file_id', 'f.id')
      .select(['f.id', 'f.subject_user_id', 'l.seal'])
      .where('f.kind', '=', 'LAB_RESULT')
      .$if(after !== null, (q) => q.where('f.id', '>', after!))
      .where((eb) =>
        eb.or([
          eb('l.file_id', 'is not', null),
          eb.exists(
            eb.selectFrom('lab_values as v').select('v.id').whereRef('v.file_id', '=', 'f.id'),
          ),
        ]),
      )
      .orderBy('f.id')
      .limit(500)
      .execute();
    if (batch.length === 0) return report;
    after = batch.at(-1)!.id;
    const expected = await expectedSeals(
      db,
      key,
      batch.map((b) => b.id),
    );
    for (const row of batch) {
      report.checked += 1;
      const want = expected.get(row.id)?.seal;
      if (row.seal === LEGACY_SEAL) report.legacy.push(row.id);
      else if (!row.seal) {
        report.bad.push({ fileId: row.id, clientId: row.subject_user_id!, problem: 'missing' });
      } else if (
        want &&
        row.seal.length === want.length &&
        timingSafeEqual(Buffer.from(row.seal), Buffer.from(want))
      ) {
        report.ok += 1;
      } else report.bad.push({ fileId: row.id, clientId: row.subject_user_id!, problem: 'wrong' });
    }
  }
}

/** The report as the CLI prints it, in Swedish like `notes:verify`'s. */
export function describeLabSealReport(report: LabSealReport): string[] {
  const lines = report.bad.map(
    (b) =>
      `FEL provsvarsfil ${b.fileId} (klient ${b.clientId}): ` +
      (b.problem === 'missing' ? 'saknar försegling' : 'fel försegling'),
  );
  for (const id of report.legacy) {
    lines.push(
      `oförseglad provsvarsfil ${id}: från före förseglingen, förseglas när servern startar`,
    );
  }
  lines.push(
    `${report.bad.length === 0 ? 'OK' : 'FEL'}: ${report.checked} provsvarsfiler, ` +
      `${report.ok} med rätt försegling, ${report.legacy.length} från före förseglingen, ` +
      `${report.bad.length} med fel`,
  );
  return lines;
}
