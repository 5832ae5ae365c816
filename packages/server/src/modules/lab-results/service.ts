// A client's lab results as her page shows them (design §4.12, issue 13): her files newest first
// with what each is and whether she has opened it, and every value read from the structured
// ones. Only ever for the signed-in client herself (the routes are USER-only and pass her id).
import type { LabFile, LabFileFormat, LabResultsOverview } from '@halsa/api/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import type { UploadReader } from '../../files/client-files.ts';
import { FILE_MESSAGES } from '../../files/client-files.ts';
import { notFound } from '../../http/errors.ts';
import { readLabFile, type ReadLabFile } from './parse.ts';

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

/** Writes what was read from a lab upload beside its file row, in the upload's transaction. */
async function storeRead(
  trx: Transaction<Database>,
  fileId: string,
  subjectUserId: number,
  read: ReadLabFile,
): Promise<void> {
  await trx
    .insertInto('lab_files')
    .values({
      file_id: fileId,
      subject_user_id: subjectUserId,
      format: read.format,
      values_status: read.status,
      note: read.note,
      opened_at: null,
    })
    .execute();
  // In chunks: PostgreSQL takes at most 65 535 parameters per statement.
  for (let start = 0; start < read.values.length; start += 500) {
    await trx
      .insertInto('lab_values')
      .values(
        read.values.slice(start, start + 500).map((v, i) => ({
          file_id: fileId,
          subject_user_id: subjectUserId,
          position: start + i,
          analysis: v.analysis,
          loinc: v.loinc,
          value: v.value,
          unit: v.unit,
          ref_low: v.refLow,
          ref_high: v.refHigh,
          sampled_on: v.sampledOn,
        })),
      )
      .execute();
  }
}

/** The lab upload's reader: PDF/PNG/JPEG as before, plus the structured CSV and FHIR files. */
export const labUploadReader: UploadReader = {
  wrongType: LAB_WRONG_TYPE,
  read(data, originalName, complete) {
    const read = readLabFile(data, originalName, complete);
    if (!read) return null;
    return {
      type: read.type,
      store: (trx, fileId, subjectUserId) => storeRead(trx, fileId, subjectUserId, read),
    };
  },
};

export class LabResultsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Her files newest first and every value read from them (oldest sample first). */
  async overview(userId: number): Promise<LabResultsOverview> {
    const fileRows = await this.db
      .selectFrom('files')
      .leftJoin('lab_files', 'lab_files.file_id', 'files.id')
      .select([
        'files.original_name',
        'files.created_at',
        'files.mime_type',
        'lab_files.format',
        'lab_files.values_status',
        'lab_files.note',
        'lab_files.opened_at',
      ])
      .where('files.subject_user_id', '=', userId)
      .where('files.kind', '=', 'LAB_RESULT')
      .orderBy('files.created_at', 'desc')
      .orderBy(sql`files.original_name collate "C"`, 'desc')
      .execute();
    const files: LabFile[] = fileRows.map((r) => ({
      fileName: r.original_name,
      timestamp: r.created_at.toISOString(),
      mimeType: r.mime_type,
      format: r.format ?? formatOfMime(r.mime_type),
      valuesStatus: r.values_status ?? 'NONE',
      note: r.note ?? null,
      openedAt: r.opened_at ? r.opened_at.toISOString() : null,
    }));
    const valueRows = await this.db
      .selectFrom('lab_values')
      .innerJoin('files', 'files.id', 'lab_values.file_id')
      .select([
        'files.original_name',
        'lab_values.analysis',
        'lab_values.loinc',
        'lab_values.value',
        'lab_values.unit',
        'lab_values.ref_low',
        'lab_values.ref_high',
        'lab_values.sampled_on',
      ])
      .where('lab_values.subject_user_id', '=', userId)
      .where('files.subject_user_id', '=', userId)
      .orderBy('lab_values.sampled_on', 'asc')
      .orderBy('files.created_at', 'asc')
      .orderBy('lab_values.position', 'asc')
      .execute();
    const values = valueRows.map((r) => ({
      fileName: r.original_name,
      analysis: r.analysis,
      loinc: r.loinc,
      value: Number(r.value),
      unit: r.unit,
      refLow: r.ref_low === null ? null : Number(r.ref_low),
      refHigh: r.ref_high === null ? null : Number(r.ref_high),
      sampledOn: r.sampled_on,
    }));
    return { files, values };
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
