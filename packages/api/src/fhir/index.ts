// `@halsa/api/fhir`: the one FHIR R4 reader and writer (design §4.15, §4.19), pure (no Node API,
// no database), so the server and the mocks read a lab report and write a questionnaire alike.
// What only the server does (the worker thread and its limits, the CSV reader on csv-parse, the
// database, the seal) stays in server modules/lab-results and modules/questionnaires.
//   lab-read.ts        what reading a lab upload gives, its limits and Swedish notes
//   lab-schemas.ts     zod schemas of the Observation and DiagnosticReport elements read
//   lab-observation.ts one Observation read on its own
//   lab-report.ts      a Bundle, DiagnosticReport or Observation: `readLabFhir`
//   questionnaire.ts   a form as a Questionnaire, an answer as a QuestionnaireResponse
export {
  CSV_TYPE,
  FHIR_TYPE,
  isLabDate,
  LAB_NOTES,
  LOINC,
  MAX_ANALYSIS,
  MAX_FHIR_OBSERVATIONS,
  MAX_FHIR_WORK,
  MAX_JSON_DEPTH,
  MAX_LAB_VALUES,
  MAX_SKIPS_KEPT,
  MAX_UNIT,
  sexOfPersonalNumber,
  unreadable,
  type LabFileType,
  type LabSubject,
  type ParsedLabValue,
  type ReadLabFile,
} from './lab-read.ts';
export { swedishDay } from './lab-observation.ts';
export { readLabFhir } from './lab-report.ts';
export { toFhirQuestionnaire, toFhirQuestionnaireResponse } from './questionnaire.ts';
