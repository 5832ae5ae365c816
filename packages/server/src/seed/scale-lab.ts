// Lab results at a chain's scale (issue 38: 3 000 000 values for 200 000 clients): each client's
// yearly health checks, one CSV lab file a year (design §4.12) uploaded by the ADMIN, its bytes
// in `file_blob_chunks` (the storage of a deployment with DATABASE_URL, so a download works on
// every instance), its values read by the upload's own CSV reader (readLabCsv) into the rows an
// upload stores (labRowsOf), and its `lab_files` row sealed with the server's key (labFileSeal):
// the rows are those an upload writes, so the pages show them and `lab-results:verify` passes.
// Written in batches of clients by `unnest` of arrays, one transaction per batch (the upload's
// rule of migration 0021: values only in the transaction that wrote their file); with the owner's
// `session_replication_role = replica` the row triggers that check it are skipped for speed.
import { createHash, randomUUID } from 'node:crypto';
import { LAB_CSV_COLUMNS } from '@halsa/api/contract';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { readLabCsv } from '../modules/lab-results/parse.ts';
import { labFileSeal, type LabSealKey } from '../modules/lab-results/seal.ts';
import { labRowsOf } from '../modules/lab-results/service.ts';

/** An analysis of a health check: its LOINC code, unit (as shown, and UCUM), range, typical value. */
export interface PanelAnalysis {
  name: string;
  loinc: string;
  unit: string;
  ucum: string;
  low: number | null;
  high: number | null;
  typical: number;
}

const a = (
  name: string,
  loinc: string,
  unit: string,
  ucum: string,
  low: number | null,
  high: number | null,
  typical: number,
): PanelAnalysis => ({ name, loinc, unit, ucum, low, high, typical });

/** A company health check's analyses (also what bench:capacity's ADMIN batch sends as FHIR). */
export const HEALTH_CHECK_PANEL: readonly PanelAnalysis[] = [
  a('Hemoglobin (Hb)', '718-7', 'g/L', 'g/L', 117, 153, 138),
  a('Glukos (fP)', '1558-6', 'mmol/L', 'mmol/L', 4.0, 6.0, 5.4),
  a('Kolesterol', '2093-3', 'mmol/L', 'mmol/L', null, 5.0, 5.1),
  a('LDL', '13457-7', 'mmol/L', 'mmol/L', null, 3.0, 2.9),
  a('HDL', '2085-9', 'mmol/L', 'mmol/L', 1.0, null, 1.4),
  a('Triglycerider', '2571-8', 'mmol/L', 'mmol/L', null, 2.0, 1.3),
  a('HbA1c', '4548-4', 'mmol/mol', 'mmol/mol', 27, 42, 37),
  a('TSH', '3016-3', 'mIE/L', 'm[IU]/L', 0.4, 4.0, 2.0),
  a('Kreatinin', '2160-0', 'µmol/L', 'umol/L', 45, 90, 72),
  a('ALAT', '1742-6', 'µkat/L', 'ukat/L', 0.15, 0.75, 0.4),
  a('CRP', '1988-5', 'mg/L', 'mg/L', null, 5, 2),
  a('Vitamin D (25-OH)', '1989-3', 'nmol/L', 'nmol/L', 50, null, 65),
];

/** A client's value of an analysis: ±20 % around the typical one, one decimal, some outside. */
export function panelValue(analysis: PanelAnalysis, client: number, k: number, i: number): number {
  const spread = (((client * 31 + k * 17 + i * 7) % 41) - 20) / 100;
  return Math.round(analysis.typical * (1 + spread) * 10) / 10;
}

const DAY_MS = 86_400_000;

export interface ScaleLabOptions {
  clientIds: readonly number[];
  adminId: number;
  sealKey: LabSealKey;
  /** Values per client (issue 38: 15), in `files` yearly files. */
  valuesPerClient: number;
  files: number;
}

export interface ScaleLabResult {
  files: number;
  values: number;
  /** Whether the owner's switch was on (false: the triggers checked every row). */
  fast: boolean;
}

const decimal = (v: number) => String(v).replace('.', ',');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The CSV of a client's `k`-th file (0: the latest), with `n` analyses sampled on `day`. */
export function scaleLabCsv(client: number, k: number, n: number, day: string): string {
  const rows: string[] = [];
  for (let i = 0; i < n; i++) {
    const an = HEALTH_CHECK_PANEL[(client + k + i) % HEALTH_CHECK_PANEL.length]!;
    const cells = [an.name, an.loinc, panelValue(an, client, k, i), an.unit, an.low, an.high, day];
    rows.push(cells.map((c) => (typeof c === 'number' ? decimal(c) : (c ?? ''))).join(';'));
  }
  return `${[LAB_CSV_COLUMNS.join(';'), ...rows].join('\n')}\n`;
}

/** One array per column, inserted as `unnest($1::type[], …)`. */
async function insertColumns(
  db: Kysely<Database>,
  table: string,
  columns: Record<string, { type: string; values: unknown[] }>,
): Promise<void> {
  const names = Object.keys(columns);
  await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
    select * from unnest(${sql.join(
      names.map((n) => sql`${columns[n]!.values}::${sql.raw(columns[n]!.type)}[]`),
    )})`.execute(db);
}

const BATCH_CLIENTS = 1_000;

/** Writes the lab files and values of every client in `clientIds`. */
export async function seedScaleLab(db: Db, o: ScaleLabOptions): Promise<ScaleLabResult> {
  const perFile = Math.max(1, Math.round(o.valuesPerClient / Math.max(1, o.files)));
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  let files = 0;
  let values = 0;
  const fast = await db.connection().execute(async (conn) => {
    const fast = await sql`set session_replication_role = replica`
      .execute(conn)
      .then(() => true)
      .catch(() => false);
    try {
      for (let from = 0; from < o.clientIds.length; from += BATCH_CLIENTS) {
        const f = {
          id: [] as string[],
          subject: [] as number[],
          key: [] as string[],
          name: [] as string[],
          size: [] as number[],
          sha: [] as string[],
          created: [] as string[],
        };
        const chunk = { key: [] as string[], hex: [] as string[] };
        const lf = {
          format: [] as string[],
          status: [] as string[],
          note: [] as (string | null)[],
          read: [] as (number | null)[],
          skipped: [] as (number | null)[],
          opened: [] as (string | null)[],
          seal: [] as string[],
        };
        const v: Record<string, unknown[]> = {};
        for (const clientId of o.clientIds.slice(from, from + BATCH_CLIENTS)) {
          for (let k = 0; k < o.files; k++) {
            // A check a year, the latest within the last year; the lab's file comes 2 days later.
            const sampled = today - (k * 365 + 5 + (clientId % 300)) * DAY_MS;
            const created = new Date(sampled + 2 * DAY_MS + 9 * 3_600_000 + (clientId % 3_600_000));
            const day = isoDay(sampled);
            const bytes = Buffer.from(scaleLabCsv(clientId, k, perFile, day), 'utf8');
            const id = randomUUID();
            const key = randomUUID();
            const sha256 = createHash('sha256').update(bytes).digest('hex');
            const read = readLabCsv(bytes.toString('utf8'));
            if (read.status !== 'READ' || (read.summary?.skipped.length ?? 0) > 0) {
              throw new Error(`Skalans provsvarsfil lästes inte hel: ${read.note ?? ''}`);
            }
            const rows = labRowsOf(id, clientId, read);
            const file = { id, subject_user_id: clientId, uploaded_by: o.adminId, sha256 };
            const seal = labFileSeal(
              o.sealKey,
              { ...file, created_at: created },
              rows.about,
              rows.values,
              rows.skipped,
            );
            f.id.push(id);
            f.subject.push(clientId);
            f.key.push(key);
            f.name.push(`Provsvar_${day}.csv`);
            f.size.push(bytes.length);
            f.sha.push(sha256);
            f.created.push(created.toISOString());
            chunk.key.push(key);
            chunk.hex.push(bytes.toString('hex'));
            lf.format.push(rows.about.format);
            lf.status.push(rows.about.values_status);
            lf.note.push(rows.about.note);
            lf.read.push(rows.about.read_count);
            lf.skipped.push(rows.about.skipped_count);
            // She has opened all but her latest file.
            lf.opened.push(k > 0 ? new Date(created.getTime() + DAY_MS).toISOString() : null);
            lf.seal.push(seal);
            for (const row of rows.values) {
              for (const [col, val] of Object.entries(row)) (v[col] ??= []).push(val);
            }
            files += 1;
            values += rows.values.length;
          }
        }
        await sql`begin`.execute(conn);
        await insertColumns(conn, 'files', {
          id: { type: 'uuid', values: f.id },
          kind: { type: 'text', values: f.id.map(() => 'LAB_RESULT') },
          subject_user_id: { type: 'integer', values: f.subject },
          uploaded_by: { type: 'integer', values: f.id.map(() => o.adminId) },
          storage_key: { type: 'text', values: f.key },
          original_name: { type: 'text', values: f.name },
          mime_type: { type: 'text', values: f.id.map(() => 'text/csv') },
          size_bytes: { type: 'integer', values: f.size },
          sha256: { type: 'text', values: f.sha },
          created_at: { type: 'timestamptz', values: f.created },
        });
        await sql`insert into file_blob_chunks (key, seq, data)
          select k, 0, decode(h, 'hex') from unnest(${chunk.key}::uuid[], ${chunk.hex}::text[]) as t(k, h)`.execute(
          conn,
        );
        await insertColumns(conn, 'lab_values', labValueColumns(v));
        await insertColumns(conn, 'lab_files', {
          file_id: { type: 'uuid', values: f.id },
          subject_user_id: { type: 'integer', values: f.subject },
          format: { type: 'text', values: lf.format },
          values_status: { type: 'text', values: lf.status },
          note: { type: 'text', values: lf.note },
          read_count: { type: 'integer', values: lf.read },
          skipped_count: { type: 'integer', values: lf.skipped },
          opened_at: { type: 'timestamptz', values: lf.opened },
          seal: { type: 'text', values: lf.seal },
        });
        await sql`commit`.execute(conn);
      }
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw error;
    } finally {
      if (fast) await sql`reset session_replication_role`.execute(conn);
    }
    return fast;
  });
  return { files, values, fast };
}

/** lab_values' columns with their types, for the columns labRowsOf writes. */
const LAB_VALUE_TYPES: Record<string, string> = {
  file_id: 'uuid',
  subject_user_id: 'integer',
  position: 'integer',
  analysis: 'text',
  loinc: 'text',
  value: 'double precision',
  unit: 'text',
  ref_low: 'double precision',
  ref_high: 'double precision',
  sampled_on: 'text',
  value_text: 'text',
  comparator: 'text',
  obs_status: 'text',
  interpretation: 'text',
  identifier: 'text',
  reported_at: 'timestamptz',
  group_key: 'text',
  group_name: 'text',
  group_loinc: 'text',
};

function labValueColumns(
  v: Record<string, unknown[]>,
): Record<string, { type: string; values: unknown[] }> {
  return Object.fromEntries(
    Object.entries(v).map(([col, values]) => {
      const type = LAB_VALUE_TYPES[col];
      if (!type) throw new Error(`lab_values: okänd kolumn ${col}`);
      return [col, { type, values }];
    }),
  );
}
