// Zod schemas of the FHIR R4 resources a lab report holds (design §4.15), one per resource, so
// each Observation is checked on its own and one that does not fit is skipped, not the file.
// Only the elements that are read are named; the rest is dropped when parsing (so keys such as
// `__proto__` never reach the values). The code lists are checked against the R4 types of
// @medplum/fhirtypes, and each schema's output against the R4 resource it reads.
import type {
  CodeableConcept,
  DiagnosticReport,
  Observation,
  ObservationComponent,
  ObservationReferenceRange,
  Quantity,
} from '@medplum/fhirtypes';
import { z } from 'zod';

/** Longest text taken from a file (a name, a unit, a code, a text result). */
const MAX_TEXT = 10_000;
const text = z.string().max(MAX_TEXT);

export const OBSERVATION_STATUSES = [
  'registered',
  'preliminary',
  'final',
  'amended',
  'corrected',
  'cancelled',
  'entered-in-error',
  'unknown',
] as const satisfies ReadonlyArray<Observation['status']>;
export type ObservationStatus = (typeof OBSERVATION_STATUSES)[number];

export const COMPARATORS = ['<', '<=', '>=', '>'] as const satisfies ReadonlyArray<
  NonNullable<Quantity['comparator']>
>;

const codingSchema = z.object({
  system: text.optional(),
  code: text.optional(),
  display: text.optional(),
});

export const codeableConceptSchema = z.object({
  coding: z.array(codingSchema).max(100).optional(),
  text: text.optional(),
});

export const quantitySchema = z.object({
  value: z.number().optional(),
  comparator: z.enum(COMPARATORS).optional(),
  unit: text.optional(),
  system: text.optional(),
  code: text.optional(),
});

const referenceSchema = z.object({ reference: text.optional(), display: text.optional() });
const periodSchema = z.object({ start: text.optional(), end: text.optional() });
const identifierSchema = z.object({ system: text.optional(), value: text.optional() });

export const referenceRangeSchema = z.object({
  low: quantitySchema.optional(),
  high: quantitySchema.optional(),
  type: codeableConceptSchema.optional(),
  appliesTo: z.array(codeableConceptSchema).max(100).optional(),
  age: z.object({ low: quantitySchema.optional(), high: quantitySchema.optional() }).optional(),
  text: text.optional(),
});

/** The value[x] choices (§4.15 reads the first five; the others are named to say so). */
const valueElements = {
  valueQuantity: quantitySchema.optional(),
  valueString: text.optional(),
  valueCodeableConcept: codeableConceptSchema.optional(),
  valueBoolean: z.boolean().optional(),
  valueInteger: z.number().int().optional(),
  valueRange: z.unknown().optional(),
  valueRatio: z.unknown().optional(),
  valueSampledData: z.unknown().optional(),
  valueTime: z.unknown().optional(),
  valueDateTime: z.unknown().optional(),
  valuePeriod: z.unknown().optional(),
  dataAbsentReason: codeableConceptSchema.optional(),
  interpretation: z.array(codeableConceptSchema).max(100).optional(),
  referenceRange: z.array(referenceRangeSchema).max(100).optional(),
};

export const componentSchema = z.object({ code: codeableConceptSchema, ...valueElements });
export type ComponentIn = z.infer<typeof componentSchema>;

export const observationSchema = z.object({
  resourceType: z.literal('Observation'),
  id: text.optional(),
  identifier: z.array(identifierSchema).max(100).optional(),
  // Missing in §4.12's plain Bundles of Observations: read as final there.
  status: z.enum(OBSERVATION_STATUSES).optional(),
  code: codeableConceptSchema,
  effectiveDateTime: text.optional(),
  effectiveInstant: text.optional(),
  effectivePeriod: periodSchema.optional(),
  issued: text.optional(),
  component: z.array(componentSchema).max(1000).optional(),
  hasMember: z.array(referenceSchema).max(10_000).optional(),
  ...valueElements,
});
export type ObservationIn = z.infer<typeof observationSchema>;

export const diagnosticReportSchema = z.object({
  resourceType: z.literal('DiagnosticReport'),
  id: text.optional(),
  status: text.optional(),
  effectiveDateTime: text.optional(),
  effectivePeriod: periodSchema.optional(),
  issued: text.optional(),
  result: z.array(referenceSchema).max(100_000).optional(),
});
export type DiagnosticReportIn = z.infer<typeof diagnosticReportSchema>;

// What is read fits the R4 resources (compile-time only).
type Fits<In, R4> = In extends R4 ? true : never;
export const schemasFitR4: [
  Fits<z.infer<typeof codeableConceptSchema>, CodeableConcept>,
  Fits<z.infer<typeof quantitySchema>, Quantity>,
  Fits<z.infer<typeof referenceRangeSchema>, ObservationReferenceRange>,
  Fits<Omit<ComponentIn, keyof typeof valueElements>, Partial<ObservationComponent>>,
  Fits<Pick<ObservationIn, 'resourceType' | 'code' | 'status' | 'issued'>, Partial<Observation>>,
  Fits<Omit<DiagnosticReportIn, 'status'>, Partial<DiagnosticReport>>,
] = [true, true, true, true, true, true];
