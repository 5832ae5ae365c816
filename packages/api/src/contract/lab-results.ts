// Lab results (spec §7 "Journal, labs, action plans"): a client's uploaded lab files, and
// (design §4.12) the values read from the structured ones: the `;`-separated CSV and FHIR R4
// Bundles of Observations.
import { z } from 'zod';
import {
  dateSchema,
  fileEntryListSchema,
  fileEntrySchema,
  timestampSchema,
  type FileEntry,
} from './common.ts';

/** One lab file in a client's history (`GET /api/v1/admin/lab-data/:userId`, `/user/lab-data`). */
export const labResultEntrySchema = fileEntrySchema;
export type LabResultEntry = FileEntry;
export const labResultListSchema = fileEntryListSchema;

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
  sampledOn: dateSchema,
});
export type LabValue = z.infer<typeof labValueSchema>;

/** `GET /api/v1/user/lab-results`: her files newest first and every value read from them. */
export const labResultsOverviewSchema = z.object({
  files: z.array(labFileSchema),
  /** Oldest sampling date first, then in file order. */
  values: z.array(labValueSchema),
});
export type LabResultsOverview = z.infer<typeof labResultsOverviewSchema>;

/** Where a value lies against its reference range; `NO_RANGE` when none was given. */
export type LabFlag = 'LOW' | 'HIGH' | 'IN_RANGE' | 'NO_RANGE';

export function labFlag(v: Pick<LabValue, 'value' | 'refLow' | 'refHigh'>): LabFlag {
  if (v.refLow === null && v.refHigh === null) return 'NO_RANGE';
  if (v.refLow !== null && v.value < v.refLow) return 'LOW';
  if (v.refHigh !== null && v.value > v.refHigh) return 'HIGH';
  return 'IN_RANGE';
}

// ---- FHIR R4 (the parts of Bundle and Observation that are read) --------------------------------

const fhirQuantitySchema = z.object({
  value: z.number(),
  unit: z.string().optional(),
  code: z.string().optional(),
});

const fhirReferenceRangeSchema = z.object({
  low: fhirQuantitySchema.partial().optional(),
  high: fhirQuantitySchema.partial().optional(),
});

export const LOINC_SYSTEM = 'http://loinc.org';

/** An Observation with a LOINC-coded analysis, a quantity and a sampling time. */
export const fhirObservationSchema = z.object({
  resourceType: z.literal('Observation'),
  code: z.object({
    text: z.string().optional(),
    coding: z
      .array(
        z.object({
          system: z.string().optional(),
          code: z.string().optional(),
          display: z.string().optional(),
        }),
      )
      .optional(),
  }),
  valueQuantity: fhirQuantitySchema,
  referenceRange: z.array(fhirReferenceRangeSchema).optional(),
  effectiveDateTime: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
});
export type FhirObservation = z.infer<typeof fhirObservationSchema>;

/** A FHIR R4 Bundle whose entries are Observations (other resources are refused). */
export const fhirBundleSchema = z.object({
  resourceType: z.literal('Bundle'),
  entry: z.array(z.object({ resource: fhirObservationSchema })).min(1),
});
export type FhirBundle = z.infer<typeof fhirBundleSchema>;
