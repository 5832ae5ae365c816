// A client's lab results as her page shows them (design §4.12, issue 13): her files newest first
// with what each is and whether she has opened it, and every value read from the structured
// ones. Only ever for the signed-in client herself (the routes are USER-only and pass her id).
import type {
  LabFile,
  LabFileFormat,
  LabReadSummary,
  LabResultsOverview,
  LabTextValue,
  LabValue,
} from '@halsa/api/contract';
import { sexOfPersonalNumber, type LabSubject, type ReadLabFile } from '@halsa/api/fhir/lab-read';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import { MAX_DB_ID } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import type { UploadReader } from '../../files/client-files.ts';
import { FILE_MESSAGES } from '../../files/client-files.ts';
import { notFound } from '../../http/errors.ts';
import { readLabFileIsolated } from './read-isolated.ts';
import {
  rightSeals,
  sealedFiles,
  sealOf,
  sealsOfRows,
  type LabSealKey,
  type LabSkippedRow,
  type LabValueRow,
} from './seal.ts';

export const LAB_WRONG_TYPE =
  'Filtypen stöds inte. Ladda upp en PDF-, PNG- eller JPEG-fil, en CSV-fil med provsvar (analys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum) eller en FHIR-bundle (JSON).';

const MAX_FILE_NAME_LENGTH = 300;

const formatOfMime = (mime: string): LabFileFormat =>
  mime === 'application/pdf'
    ? 'PDF'
    : mime === 'text/csv'
      ? 'CSV'
      : mime === 'application/fhir+json'
        ? 'FHIR'
        : 'IMAGE';

/**
 * Rows per INSERT. Between two the upload yields to the event loop: on PGlite a statement runs
 * on the main thread, and 5 000 rows in one go held every other request for seconds.
 */
const CHUNK = 50;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The rows a read lab file is stored as: its values, the rows that take back earlier values (a
 * cancelled or entered-in-error Observation with an identifier; never shown), its skipped ones
 * and what its `lab_files` row says. The upload stores them (storeRead); the scale seed writes
 * the same rows in bulk.
 */
export function labRowsOf(fileId: string, subjectUserId: number, read: ReadLabFile) {
  const values: LabValueRow[] = read.values.map((v, position) => ({
    file_id: fileId,
    subject_user_id: subjectUserId,
    position,
    analysis: v.analysis,
    loinc: v.loinc,
    value: v.value,
    unit: v.unit,
    ref_low: v.refLow,
    ref_high: v.refHigh,
    sampled_on: v.sampledOn,
    value_text: v.text ?? null,
    comparator: v.comparator ?? null,
    obs_status: v.status ?? null,
    interpretation: v.interpretation ?? null,
    identifier: v.identifier ?? null,
    reported_at: v.reportedAt ?? null,
    group_key: v.group?.key ?? null,
    group_name: v.group?.name ?? null,
    group_loinc: v.group?.loinc ?? null,
  }));
  (read.retracted ?? []).forEach((identifier, i) =>
    values.push({
      file_id: fileId,
      subject_user_id: subjectUserId,
      position: read.values.length + i,
      analysis: 'Makulerat värde',
      loinc: null,
      value: null,
      unit: '',
      ref_low: null,
      ref_high: null,
      sampled_on: '1900',
      value_text: null,
      comparator: null,
      obs_status: 'entered-in-error',
      interpretation: null,
      identifier,
      reported_at: null,
      group_key: null,
      group_name: null,
      group_loinc: null,
    }),
  );
  const skipped: LabSkippedRow[] = (read.summary?.skipped ?? []).map((s, position) => ({
    file_id: fileId,
    position,
    analysis: s.analysis,
    reason: s.reason.slice(0, 500),
  }));
  const about = {
    format: read.format,
    values_status: read.status,
    note: read.note,
    read_count: read.summary?.read ?? null,
    skipped_count: read.summary?.skippedCount ?? null,
  };
  return { values, skipped, about };
}

/**
 * Writes what was read from a lab upload beside its file row, in the upload's transaction
 * (labRowsOf's rows), last the file's `lab_files` row with the server's seal over the file and
 * those rows (seal.ts).
 */
async function storeRead(
  trx: Transaction<Database>,
  key: LabSealKey,
  fileId: string,
  subjectUserId: number,
  read: ReadLabFile,
): Promise<void> {
  const { values: rows, skipped, about } = labRowsOf(fileId, subjectUserId, read);
  // In chunks: PostgreSQL takes at most 65 535 parameters per statement.
  for (let start = 0; start < rows.length; start += CHUNK) {
    await trx
      .insertInto('lab_values')
      .values(rows.slice(start, start + CHUNK))
      .execute();
    await yieldToOthers();
  }
  for (let start = 0; start < skipped.length; start += CHUNK) {
    await trx
      .insertInto('lab_skipped_values')
      .values(skipped.slice(start, start + CHUNK))
      .execute();
  }
  await trx
    .insertInto('lab_files')
    .values({
      file_id: fileId,
      subject_user_id: subjectUserId,
      ...about,
      opened_at: null,
      seal: await sealOf(trx, key, fileId, about),
    })
    .execute();
}

/**
 * What the upload answer said about each of these files (structured files whose seal is right
 * only: a file written outside the upload has no summary to show).
 */
export async function readSummaries(
  db: Kysely<Database>,
  key: LabSealKey,
  fileIds: string[],
): Promise<Map<string, LabReadSummary>> {
  const out = new Map<string, LabReadSummary>();
  if (fileIds.length === 0) return out;
  const files = await db
    .selectFrom('lab_files')
    .select(['file_id', 'read_count', 'skipped_count'])
    .where('file_id', 'in', fileIds)
    .where('seal', 'is not', null)
    .where('read_count', 'is not', null)
    .execute();
  const sealed = await sealedFiles(
    db,
    key,
    files.map((f) => f.file_id),
  );
  for (const f of files) {
    if (!sealed.has(f.file_id)) continue;
    out.set(f.file_id, {
      read: f.read_count!,
      skipped: [],
      ...(f.skipped_count !== null ? { skippedCount: f.skipped_count } : {}),
    });
  }
  if (out.size === 0) return out;
  const skipped = await db
    .selectFrom('lab_skipped_values')
    .select(['file_id', 'analysis', 'reason'])
    .where('file_id', 'in', [...out.keys()])
    .orderBy('file_id')
    .orderBy('position')
    .execute();
  for (const s of skipped)
    out.get(s.file_id)?.skipped.push({ analysis: s.analysis, reason: s.reason });
  return out;
}

/**
 * The lab upload's reader: PDF/PNG/JPEG as before, plus the structured CSV and FHIR files; what
 * it stores is sealed with `key` (the server's, seal.ts).
 */
export const labUploadReader = (key: LabSealKey): UploadReader => ({
  wrongType: LAB_WRONG_TYPE,
  // Her sex (personal number) and birth date: a range meant for some people only (design §4.15).
  async subject(db, subjectUserId): Promise<LabSubject> {
    const row = await db
      .selectFrom('client_profiles')
      .select(['social_security_number', 'birth_date'])
      .where('user_id', '=', subjectUserId)
      .executeTakeFirst();
    return {
      sex: sexOfPersonalNumber(row?.social_security_number ?? null),
      birthDate: row?.birth_date ?? null,
    };
  },
  async read(data, originalName, complete, subject) {
    // In a worker thread with a time and heap limit: a heavy file never stalls the server.
    const read = await readLabFileIsolated(
      data,
      originalName,
      complete,
      subject as LabSubject | undefined,
    );
    if (!read) return null;
    return {
      type: read.type,
      store: (trx, fileId, subjectUserId) => storeRead(trx, key, fileId, subjectUserId, read),
      ...(read.summary ? { answer: { readSummary: read.summary } } : {}),
    };
  },
  async describe(db, fileIds) {
    const summaries = await readSummaries(db, key, fileIds);
    return new Map([...summaries].map(([id, readSummary]) => [id, { readSummary }]));
  },
});

export class LabResultsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly sealKey: LabSealKey,
  ) {}

  /** A client's overview for her care team (GET /api/v1/admin/lab-results/:userId): 404 for an id
   * that is no client's. */
  async clientOverview(userId: number): Promise<LabResultsOverview> {
    const client =
      userId <= MAX_DB_ID
        ? await this.db
            .selectFrom('users')
            .select('id')
            .where('id', '=', userId)
            .where('role', '=', 'USER')
            .executeTakeFirst()
        : undefined;
    if (!client) throw notFound(FILE_MESSAGES.clientNotFound);
    return this.overview(client.id);
  }

  /**
   * Her files newest first and every value read from them (oldest sample first). Three reads: her
   * files with their `lab_files` rows, their values and their skipped rows; each file's seal is
   * checked on the rows read (seal.ts), and the same value rows are shown (the seal's own reads
   * read them again, four more statements per call: bench:capacity, issue 38).
   */
  async overview(userId: number): Promise<LabResultsOverview> {
    const fileRows = await this.db
      .selectFrom('files')
      .leftJoin('lab_files', 'lab_files.file_id', 'files.id')
      .select([
        'files.id',
        'files.subject_user_id',
        'files.uploaded_by',
        'files.sha256',
        'files.original_name',
        'files.created_at',
        'files.mime_type',
        'lab_files.file_id as lab_file_id',
        'lab_files.format',
        'lab_files.values_status',
        'lab_files.note',
        'lab_files.read_count',
        'lab_files.skipped_count',
        'lab_files.seal',
        'lab_files.opened_at',
      ])
      .where('files.subject_user_id', '=', userId)
      .where('files.kind', '=', 'LAB_RESULT')
      .orderBy('files.created_at', 'desc')
      .orderBy(sql`files.original_name collate "C"`, 'desc')
      .execute();
    const ids = fileRows.map((r) => r.id);
    // Every value and skipped row of her files (not only hers: the seal covers them all), the
    // values in the order she sees them.
    const [allValues, skipped] =
      ids.length === 0
        ? [[], []]
        : await Promise.all([
            this.db
              .selectFrom('lab_values')
              .innerJoin('files', 'files.id', 'lab_values.file_id')
              .selectAll('lab_values')
              .select(['files.original_name', 'files.created_at'])
              .where('lab_values.file_id', 'in', ids)
              .orderBy('lab_values.sampled_on', 'asc')
              .orderBy('files.created_at', 'asc')
              .orderBy('lab_values.position', 'asc')
              .execute(),
            this.db
              .selectFrom('lab_skipped_values')
              .selectAll()
              .where('file_id', 'in', ids)
              .execute(),
          ]);
    // Only a file the server sealed at its upload (seal.ts) has its values, format, status and
    // note used: a file row and values written beside it outside the app change nothing she
    // sees but one more file name (files rows are frozen; an operator is warned).
    const sealed = rightSeals(
      ids,
      new Map(fileRows.map((r) => [r.id, r.seal])),
      sealsOfRows(
        this.sealKey,
        fileRows,
        new Map(
          fileRows.map((r) => [
            r.id,
            r.lab_file_id === null
              ? null
              : {
                  format: r.format!,
                  values_status: r.values_status!,
                  note: r.note,
                  read_count: r.read_count,
                  skipped_count: r.skipped_count,
                },
          ]),
        ),
        allValues,
        skipped,
      ),
    );
    const files: LabFile[] = fileRows.map((r) => {
      const ok = sealed.has(r.id);
      return {
        fileName: r.original_name,
        timestamp: r.created_at.toISOString(),
        mimeType: r.mime_type,
        format: (ok ? r.format : null) ?? formatOfMime(r.mime_type),
        valuesStatus: (ok ? r.values_status : null) ?? 'NONE',
        note: (ok ? r.note : null) ?? null,
        openedAt: r.opened_at ? r.opened_at.toISOString() : null,
      };
    });
    const valueRows = allValues.filter(
      (r) => r.subject_user_id === userId && sealed.has(r.file_id),
    );
    // Rows are frozen: a correction is a newer row with the same identifier, and only the
    // newest row of each identifier counts (a cancelled or entered-in-error one hides them all).
    const newest = new Map<string, { at: number; id: number }>();
    for (const r of valueRows) {
      if (r.identifier === null) continue;
      const at = r.created_at.getTime();
      const seen = newest.get(r.identifier);
      if (!seen || at > seen.at || (at === seen.at && r.id > seen.id)) {
        newest.set(r.identifier, { at, id: r.id });
      }
    }
    const values: LabValue[] = [];
    const textValues: LabTextValue[] = [];
    for (const r of valueRows) {
      if (r.obs_status === 'cancelled' || r.obs_status === 'entered-in-error') continue;
      if (r.identifier !== null && newest.get(r.identifier)?.id !== r.id) continue;
      const details = {
        ...(r.obs_status === 'preliminary' ? { preliminary: true } : {}),
        ...(r.obs_status === 'amended' || r.obs_status === 'corrected'
          ? { correctedAt: (r.reported_at ?? r.created_at).toISOString() }
          : {}),
        ...(r.interpretation ? { interpretation: r.interpretation } : {}),
        ...(r.group_key && r.group_name
          ? {
              group: {
                key: `${r.file_id}/${r.group_key}`,
                name: r.group_name,
                loinc: r.group_loinc,
              },
            }
          : {}),
      };
      if (r.value === null) {
        textValues.push({
          fileName: r.original_name,
          analysis: r.analysis,
          loinc: r.loinc,
          text: r.value_text ?? '',
          sampledOn: r.sampled_on,
          ...details,
        });
        continue;
      }
      values.push({
        fileName: r.original_name,
        analysis: r.analysis,
        loinc: r.loinc,
        value: Number(r.value),
        unit: r.unit,
        refLow: r.ref_low === null ? null : Number(r.ref_low),
        refHigh: r.ref_high === null ? null : Number(r.ref_high),
        sampledOn: r.sampled_on,
        ...(r.comparator ? { comparator: r.comparator } : {}),
        ...details,
      });
    }
    return { files, values, ...(textValues.length > 0 ? { textValues } : {}) };
  }

  /** Marks one of her lab files opened (the first time only); 404 for a name she has not. */
  async markOpened(userId: number, fileName: string): Promise<void> {
    const file =
      fileName.length <= MAX_FILE_NAME_LENGTH
        ? await this.db
            .selectFrom('files')
            .select(['id', 'mime_type'])
            .where('subject_user_id', '=', userId)
            .where('kind', '=', 'LAB_RESULT')
            .where('original_name', '=', fileName)
            .orderBy('created_at', 'desc')
            .limit(1)
            .executeTakeFirst()
        : undefined;
    if (!file) throw notFound(FILE_MESSAGES.fileNotFound);
    const now = this.clock.now();
    await this.db
      .insertInto('lab_files')
      .values({
        file_id: file.id,
        subject_user_id: userId,
        format: formatOfMime(file.mime_type),
        values_status: 'NONE',
        note: null,
        opened_at: now,
      })
      .onConflict((oc) =>
        oc.column('file_id').doUpdateSet({
          opened_at: sql<Date>`coalesce(lab_files.opened_at, excluded.opened_at)`,
        }),
      )
      .execute();
  }
}
