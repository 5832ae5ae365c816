// Lab results (spec §7): a client's lab files, history, upload and download; and her own page
// (design §4.12): files with what they are and the values read from them, marking one opened.
import type {
  LabFile,
  LabReadSummary,
  LabResultsOverview,
  LabValue,
} from '../../contract/index.ts';
import { readLabFhir } from '../../fhir/lab-report.ts';
import { mockState } from '../state.ts';
import { labReportOverview } from '../fixtures/lab-results.ts';
import { fileHandlers, pdfBytes } from './file-history.ts';
import { careRelationOr403 } from './care-team.ts';
import { clientOr404 } from './clients.ts';
import { answer, on } from './endpoint.ts';
import { stringParam, viewer } from './request.ts';
import { errorResponse, HttpResponse, noContent } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

const EMPTY: LabResultsOverview = { files: [], values: [] };

/** Her own overview: a USER gets her own whatever `userId` the call sends (as the server). */
const ownOverview = (): LabResultsOverview => {
  const me = viewer();
  return (mockState.labResults[me.id] ??= structuredClone(EMPTY));
};

/** A file of her page as a download: a tiny PDF, or a CSV/JSON text. */
function fileResponse(file: LabFile): Response {
  const body =
    file.format === 'CSV'
      ? 'analys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum\nHemoglobin (Hb);718-7;142;g/L;117;153;2026-11-02\n'
      : file.format === 'FHIR'
        ? JSON.stringify({ resourceType: 'Bundle', entry: [] })
        : pdfBytes(file.fileName);
  return new HttpResponse(body, {
    headers: {
      'Content-Type': file.mimeType,
      'Content-Disposition': `attachment; filename="${encodeURIComponent(file.fileName)}"`,
    },
  });
}

const clientPageHandlers = [
  on('labResults', () => HttpResponse.json(ownOverview())),
  // Staff reading a client's values on her page (design §4.7): the same answer as her own.
  on('clientLabResults', ({ params }) => {
    const client = clientOr404(params, 'userId');
    careRelationOr403(client.id);
    return HttpResponse.json(mockState.labResults[client.id] ?? EMPTY);
  }),
  on('openLabFile', ({ params }) => {
    const fileName = stringParam(params, 'fileName');
    const file = ownOverview().files.find((f) => f.fileName === fileName);
    if (!file) return errorResponse(404, 'Filen hittades inte.');
    file.openedAt ??= new Date().toISOString();
    return noContent();
  }),
  // A USER downloading a file of her page; anything else falls through to the file mocks.
  on('downloadLab', ({ params }) => {
    if (viewer().role !== 'USER') return undefined;
    const fileName = stringParam(params, 'fileName');
    const file = ownOverview().files.find((f) => f.fileName === fileName);
    return file ? fileResponse(file) : undefined;
  }),
];

export const labHandlers = [
  ...clientPageHandlers,
  ...fileHandlers(
    'labFiles',
    { list: 'labData', history: 'labHistory', upload: 'uploadLab', download: 'downloadLab' },
    'LAB_RESULT_UPLOADED',
    {
      allowed: /\.(pdf|png|jpe?g|csv|json)$/i,
      wrongType:
        'Filtypen stöds inte. Ladda upp en PDF, en bild eller provsvar som CSV eller FHIR.',
      describe: mockReadSummary,
    },
  ),
];

/** Her page shows `overview` (put in the state once per reset, so opening a file sticks). */
const overviewIs = (overview: LabResultsOverview) => {
  let applied = -1;
  return [
    answer('labResults', () => {
      if (applied !== mockState.generation) {
        applied = mockState.generation;
        mockState.labResults[viewer().id] = structuredClone(overview);
      }
      return undefined;
    }),
  ];
};

/** Many uploads: 24 monthly CSV files, each with the same four analyses. */
function manyUploads(): LabResultsOverview {
  const files: LabFile[] = [];
  const values: LabValue[] = [];
  for (let i = 0; i < 24; i++) {
    const month = new Date(Date.UTC(2024, 11 + i, 5));
    const day = month.toISOString().slice(0, 10);
    const fileName = `Provsvar_${day}.csv`;
    files.unshift({
      fileName,
      timestamp: `${day}T09:00:00.000Z`,
      mimeType: 'text/csv',
      format: 'CSV',
      valuesStatus: 'READ',
      note: null,
      openedAt: i === 23 ? null : `${day}T18:00:00.000Z`,
    });
    const wave = Math.sin(i / 2);
    values.push(
      {
        fileName,
        sampledOn: day,
        analysis: 'Hemoglobin (Hb)',
        loinc: '718-7',
        value: Math.round(140 + 16 * wave),
        unit: 'g/L',
        refLow: 117,
        refHigh: 153,
      },
      {
        fileName,
        sampledOn: day,
        analysis: 'Glukos',
        loinc: '2345-7',
        value: Math.round((5.2 + 1.1 * wave) * 10) / 10,
        unit: 'mmol/L',
        refLow: 4,
        refHigh: 6,
      },
      {
        fileName,
        sampledOn: day,
        analysis: 'Kolesterol',
        loinc: '2093-3',
        value: Math.round((5 + 0.8 * Math.cos(i / 3)) * 10) / 10,
        unit: 'mmol/L',
        refLow: null,
        refHigh: 5,
      },
      {
        fileName,
        sampledOn: day,
        analysis: 'Vitamin D',
        loinc: '1989-3',
        value: Math.round(60 + 20 * wave),
        unit: 'nmol/L',
        refLow: null,
        refHigh: null,
      },
    );
  }
  return { files, values };
}

const doc = (fileName: string, timestamp: string, openedAt: string | null): LabFile => ({
  fileName,
  timestamp,
  mimeType: 'application/pdf',
  format: 'PDF',
  valuesStatus: 'NONE',
  note: null,
  openedAt,
});

export const labScenarios = {
  ...scenariosFor([
    'labData',
    'labHistory',
    'uploadLab',
    'downloadLab',
    'labResults',
    'clientLabResults',
    'openLabFile',
  ]),
  /** No lab files. */
  empty: [
    answer('labData', () => HttpResponse.json([])),
    answer('labHistory', () => HttpResponse.json([])),
    answer('labResults', () => HttpResponse.json(EMPTY)),
    answer('clientLabResults', () => HttpResponse.json(EMPTY)),
  ],
  /** Upload fails without a message (→ 'Något gick fel' on screen). */
  uploadFailure: [answer('uploadLab', () => errorResponse(500))],
  /** Upload refused: 413 'Filen är för stor.' */
  uploadTooLarge: [answer('uploadLab', () => errorResponse(413, 'Filen är för stor.'))],
  /** Her page: only PDF files, no values read (the newest not opened). */
  documentsOnly: overviewIs({
    files: [
      doc('Blodprov_2026-10-12.pdf', '2026-10-12T10:30:00.000Z', null),
      doc('Urinprov_2025-11-20.pdf', '2025-11-20T08:45:00.000Z', '2025-11-21T08:00:00.000Z'),
    ],
    values: [],
  }),
  /** Her page: one CSV with one value per analysis (no trend yet), all within range. */
  oneUpload: overviewIs({
    files: [
      {
        fileName: 'Provsvar_2026-11-02.csv',
        timestamp: '2026-11-03T09:00:00.000Z',
        mimeType: 'text/csv',
        format: 'CSV',
        valuesStatus: 'READ',
        note: null,
        openedAt: '2026-11-03T12:00:00.000Z',
      },
    ],
    values: [
      {
        fileName: 'Provsvar_2026-11-02.csv',
        sampledOn: '2026-11-02',
        analysis: 'Hemoglobin (Hb)',
        loinc: '718-7',
        value: 142,
        unit: 'g/L',
        refLow: 117,
        refHigh: 153,
      },
      {
        fileName: 'Provsvar_2026-11-02.csv',
        sampledOn: '2026-11-02',
        analysis: 'Glukos',
        loinc: '2345-7',
        value: 5.1,
        unit: 'mmol/L',
        refLow: 4,
        refHigh: 6,
      },
    ],
  }),
  /** Her page: two years of monthly uploads. */
  many: overviewIs(manyUploads()),
  /**
   * Her page after two FHIR lab reports (design §4.15): comparators ('<1 mg/L'), text results,
   * a preliminary and a corrected value, blood pressure with both components, partial dates.
   */
  labReport: overviewIs(labReportOverview),
  /** The upload answer of a report where values were skipped, each with its reason. */
  uploadSkipped: [
    answer('uploadLab', () =>
      HttpResponse.json(
        {
          fileName: 'Labbrapport_2026-11-24.json',
          timestamp: '2026-11-24T09:00:00.000Z',
          readSummary: {
            read: 44,
            skipped: [
              { analysis: 'Temperature', reason: 'värdet är makulerat (status entered-in-error)' },
              { analysis: 'Blodtryck', reason: 'undersökningen är inställd (status cancelled)' },
              { analysis: null, reason: 'observationen saknar LOINC-kod' },
            ],
          },
        },
        { status: 201 },
      ),
    ),
  ],
  /** A file that skipped 5 000 values: the server keeps 50 with reasons, then 'och 4950 till'. */
  uploadSkippedMany: [
    answer('uploadLab', () =>
      HttpResponse.json(
        {
          fileName: 'Labbrapport_2026-11-24.json',
          timestamp: '2026-11-24T09:00:00.000Z',
          readSummary: {
            read: 1,
            skipped: [
              ...Array.from({ length: 50 }, (_, i) => ({
                analysis: `Analys ${i + 1}`,
                reason: 'observationen saknar värde',
              })),
              { analysis: null, reason: 'och 4950 till' },
            ],
            skippedCount: 5000,
          },
        },
        { status: 201 },
      ),
    ),
  ],
};

// ---- what the upload read ----------------------------------------------------------------------

/**
 * What the mock lab upload says it read (design §4.15): a FHIR file goes through the server's
 * own reader (`readLabFhir`, api/src/fhir), so a story's summary is what the server answers for
 * the same file; the server keeps no summary for a file it cannot read at all (not UTF-8, not
 * JSON). A CSV counts its rows (the server's CSV reader runs on csv-parse, a server package).
 */
export async function mockReadSummary(file: File): Promise<{ readSummary?: LabReadSummary }> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return {};
  }
  // As the server tells the formats apart: a name ending .json or a first '{' is FHIR.
  if (
    /\.json$/i.test(file.name) ||
    text
      .replace(/^\ufeff/, '')
      .trimStart()
      .startsWith('{')
  ) {
    const { summary } = readLabFhir(text);
    return summary ? { readSummary: summary } : {};
  }
  if (/\.csv$/i.test(file.name)) {
    const rows = text.split(/\r?\n/).slice(1);
    return { readSummary: { read: rows.filter((r) => r.trim() !== '').length, skipped: [] } };
  }
  return {};
}
