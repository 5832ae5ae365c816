// Lab results (spec §7 "Journal, labs, action plans"): a client's uploaded lab files, and
// (design §4.12) the values read from the structured ones: the `;`-separated CSV and FHIR R4
// Bundles of Observations.
import { z } from 'zod';
import { dateSchema, fileEntrySchema, timestampSchema, type FileEntry } from './common.ts';

/**
 * What was read from a structured lab file (design §4.15): 'N värden lästes, M hoppades över',
 * each skipped value with its analysis (when the file named it) and a Swedish reason. At most 50
 * are kept; then `skipped` ends with 'och N till' and `skippedCount` is M, all of them.
 */
export const labReadSummarySchema = z.object({
  read: z.number().int().nonnegative(),
  skipped: z.array(z.object({ analysis: z.string().nullable(), reason: z.string() })),
  skippedCount: z.number().int().nonnegative().optional(),
});
export type LabReadSummary = z.infer<typeof labReadSummarySchema>;

/**
 * One lab file in a client's history (`GET /api/v1/admin/lab-data/:userId`, `/user/lab-data`)
 * and the upload's answer; `readSummary` only for a structured file (CSV or FHIR).
 */
export const labResultEntrySchema = fileEntrySchema.extend({
  readSummary: labReadSummarySchema.optional(),
});
export type LabResultEntry = FileEntry & { readSummary?: LabReadSummary };
export const labResultListSchema = z.array(labResultEntrySchema);

// ---- structured lab files (design §4.12) --------------------------------------------------------

/** The header of the lab CSV, in this order. */
export const LAB_CSV_COLUMNS = [
  'analys',
  'loinc',
  'värde',
  'enhet',
  'ref_låg',
  'ref_hög',
  'provtagningsdatum',
] as const;

/** What a lab file is: a document or picture, or one of the two structured formats. */
export const labFileFormatSchema = z.enum(['PDF', 'IMAGE', 'CSV', 'FHIR']);
export type LabFileFormat = z.infer<typeof labFileFormatSchema>;

/**
 * Whether values were read: `NONE` for a PDF or picture, `READ` for a structured file whose values
 * are stored, `UNREADABLE` for a file that claims a structured format but could not be read (it
 * is kept as a plain file; `note` says so in Swedish).
 */
export const labValuesStatusSchema = z.enum(['NONE', 'READ', 'UNREADABLE']);
export type LabValuesStatus = z.infer<typeof labValuesStatusSchema>;

/** One of her lab files with what the page needs to show it. */
export const labFileSchema = z.object({
  fileName: z.string().min(1),
  timestamp: timestampSchema,
  mimeType: z.string(),
  format: labFileFormatSchema,
  valuesStatus: labValuesStatusSchema,
  /** Swedish note for the client, e.g. why the values could not be read. */
  note: z.string().nullable(),
  /** When she first opened it; `null` until then (the newest unopened file is marked new). */
  openedAt: timestampSchema.nullable(),
});
export type LabFile = z.infer<typeof labFileSchema>;

/** A sampling day, or a partial date kept as the lab sent it (`2026`, `2026-11`; §4.15). */
export const labDateSchema = z.union([dateSchema, z.string().regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/)]);

/** `<1 mg/L`: the value is below (or above) the number written, not equal to it. */
export const labComparatorSchema = z.enum(['<', '<=', '>=', '>']);
export type LabComparator = z.infer<typeof labComparatorSchema>;

/** The lab's own interpretation code (L/LL, H/HH, A, N), used for the flag without a range. */
export const labInterpretationSchema = z.enum(['LOW', 'HIGH', 'ABNORMAL', 'NORMAL']);
export type LabInterpretation = z.infer<typeof labInterpretationSchema>;

/**
 * Values read from one Observation with components (blood pressure: systolic and diastolic) or
 * from one `hasMember` panel: `key` is the same for the values of one sample, `name`/`loinc`
 * name the whole (e.g. `85354-9` Blood pressure panel) so a trend can show them together.
 */
export const labValueGroupSchema = z.object({
  key: z.string().min(1),
  name: z.string().min(1),
  loinc: z.string().nullable(),
});
export type LabValueGroup = z.infer<typeof labValueGroupSchema>;

/** What §4.15 adds to a value; every field is left out when it does not apply. */
const labValueDetails = {
  /** `preliminary`: shown marked 'Preliminärt'. */
  preliminary: z.boolean().optional(),
  /** An amended or corrected value ('Rättat'): when the lab reported the correction. */
  correctedAt: timestampSchema.optional(),
  interpretation: labInterpretationSchema.optional(),
  group: labValueGroupSchema.optional(),
};

/** One value read from a structured lab file. */
export const labValueSchema = z.object({
  fileName: z.string().min(1),
  analysis: z.string().min(1),
  /** LOINC code, e.g. `718-7`; `null` when the file gave none. */
  loinc: z.string().nullable(),
  value: z.number(),
  unit: z.string(),
  refLow: z.number().nullable(),
  refHigh: z.number().nullable(),
  sampledOn: labDateSchema,
  /** Shown before the value (`<1 mg/L`); flagged only when certainly outside the range. */
  comparator: labComparatorSchema.optional(),
  ...labValueDetails,
});
export type LabValue = z.infer<typeof labValueSchema>;

/** A result that is text (a string, a code, yes/no, a count): shown as text, without a trend. */
export const labTextValueSchema = z.object({
  fileName: z.string().min(1),
  analysis: z.string().min(1),
  loinc: z.string().nullable(),
  text: z.string().min(1),
  sampledOn: labDateSchema,
  ...labValueDetails,
});
export type LabTextValue = z.infer<typeof labTextValueSchema>;

/** `GET /api/v1/user/lab-results`: her files newest first and every value read from them. */
export const labResultsOverviewSchema = z.object({
  files: z.array(labFileSchema),
  /** Oldest sampling date first, then in file order. */
  values: z.array(labValueSchema),
  /** Text results in the same order; left out when she has none. */
  textValues: z.array(labTextValueSchema).optional(),
});
export type LabResultsOverview = z.infer<typeof labResultsOverviewSchema>;

// The flag of a value (labFlag, LabFlag) is in lab-flag.ts: zod-free, so /lab-results can
// draw its flags without loading the schemas.

/** The code system of LOINC analyses in a FHIR Observation's `code.coding`. FHIR R4 is read
 * with its own schemas (`api/src/fhir/lab-schemas.ts`). */
export const LOINC_SYSTEM = 'http://loinc.org';
