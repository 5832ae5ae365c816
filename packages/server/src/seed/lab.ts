// Demo lab results with values (design §4.12, issue 13): two structured CSV uploads for the demo
// client a few weeks apart, stored through the upload's own service and reader, so the file,
// its lab_files row and every lab_values row are what a real upload writes. The newer one has
// LDL above its range, and one analysis (vitamin D) has no range, so /lab-results shows the
// values table, a flag in words and trend charts to whoever signs in as the client.
import { LAB_CSV_COLUMNS, type Notification } from '@halsa/api/contract';
import type { Clock } from '../clock.ts';
import { DAY } from '../clock.ts';
import type { Db } from '../db/index.ts';
import { ClientFileService } from '../files/client-files.ts';
import type { FileStorage } from '../files/storage.ts';
import { storeBuffer, withUpload } from '../files/upload.ts';
import { ActivityLog } from '../modules/activity/service.ts';
import type { LabSealKey } from '../modules/lab-results/seal.ts';
import { labUploadReader } from '../modules/lab-results/service.ts';

/** One analysis of the demo: name, LOINC, unit, range (empty: none), older and newer value. */
const ANALYSES: ReadonlyArray<[string, string, string, string, string, string, string]> = [
  ['Hemoglobin (Hb)', '718-7', 'g/L', '117', '153', '138', '141'],
  ['Glukos (fP)', '1558-6', 'mmol/L', '4,0', '6,0', '5,4', '5,7'],
  ['LDL', '13457-7', 'mmol/L', '', '3,0', '2,8', '3,6'],
  ['HDL', '2085-9', 'mmol/L', '1,0', '', '1,4', '1,5'],
  ['TSH', '3016-3', 'mIE/L', '0,4', '4,0', '2,1', '1,9'],
  ['Vitamin D (25-OH)', '1989-3', 'nmol/L', '', '', '62', '71'],
];

/** The uploads: how long ago, and which value column. */
export const DEMO_LAB_UPLOADS = [
  { daysAgo: 38, column: 5 },
  { daysAgo: 10, column: 6 },
] as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The design §4.12 CSV of one demo upload, sampled on `day`. */
export function demoLabCsv(day: string, column: 5 | 6): string {
  const rows = ANALYSES.map((a) => [a[0], a[1], a[column], a[2], a[3], a[4], day].join(';'));
  return `${[LAB_CSV_COLUMNS.join(';'), ...rows].join('\n')}\n`;
}

/**
 * The uploads' own notices are left out: the seed writes the demo's notices itself (one lab
 * notice per client), and nobody is connected yet to push them to.
 */
const seedNotices = {
  notify: async (userId: number, type: string, message: string): Promise<Notification> => ({
    id: 0,
    type,
    message,
    status: 'READ',
    timestamp: new Date(0).toISOString(),
  }),
  flush: async () => 0,
};

/**
 * Uploads the demo client's two lab CSVs as the ADMIN, each dated its own day in the past, sealed
 * with `sealKey` as the server seals an upload (the server's key: else her values are not shown).
 */
export async function seedLabValues(
  db: Db,
  storage: FileStorage,
  clock: Clock,
  clientId: number,
  adminId: number,
  sealKey: LabSealKey,
): Promise<void> {
  for (const { daysAgo, column } of DEMO_LAB_UPLOADS) {
    const at = new Date(clock.now().getTime() - daysAgo * DAY);
    const then: Clock = { now: () => at };
    // The upload is dated its day in the past; its log row is written now, when it happens: the
    // log refuses back-dated rows from the INSERT-only app role (migration 0015, issue 34).
    const log = new ActivityLog(db, clock);
    const files = new ClientFileService(db, then, storage, log, seedNotices);
    const day = isoDay(at);
    const file = await storeBuffer(
      storage,
      Buffer.from(demoLabCsv(day, column), 'utf8'),
      `Provsvar_${day}.csv`,
    );
    await withUpload(storage, file, () =>
      files.upload(
        'LAB_RESULT',
        clientId,
        { userId: adminId, role: 'ADMIN', ip: '127.0.0.1' },
        file,
        labUploadReader(sealKey),
      ),
    );
  }
}
