// /reports (spec §2.4, design §4.11): the clinic's figures over a chosen period for STAFF and
// ADMIN — new and active clients, messages and the staff's median reply time, uploads and
// signed journal notes — each as a chart with its table, and the same figures as CSV.
import {
  EXPORT_INTERVALS,
  exportIntervalLabels,
  isApiError,
  reportFigureLabels,
  reportFileName,
  saveBlob,
  useExportReport,
  useReport,
  type ExportInterval,
  type Report,
  type ReportFigures,
} from '@halsa/api';
import { useId, useMemo, useState } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Select } from '../../../primitives/select/select';
import { Spinner } from '../../../primitives/spinner/spinner';
import { bucketLabel, bucketTick, formatCount, formatDuration, periodText } from '../labels';
import { FigureSection, type FigureSectionProps } from './figure-section';
import { Page } from '../../../components/page/page';

export const NO_REPORT_FIGURES = 'Inga händelser under perioden.';
export const REPORT_EXPORT_FAILED = 'Kunde inte exportera rapporten.';

const INTERVALS = EXPORT_INTERVALS.map((value) => ({ value, label: exportIntervalLabels[value] }));
const PERIOD_HEADERS = { day: 'Dag', week: 'Vecka', month: 'Månad' } as const;

/** The summary at the top, in this order. */
const SUMMARY: (keyof ReportFigures)[] = [
  'newClients',
  'activeClients',
  'clientMessages',
  'staffMessages',
  'medianReplySeconds',
  'labUploads',
  'actionPlanUploads',
  'signedNotes',
];

const isEmpty = (r: Report) =>
  SUMMARY.every((k) => r.totals[k] === null || r.totals[k] === 0) && r.totals.repliedMessages === 0;

const countText = (n: number) => formatCount(n);
const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

type Section = Omit<FigureSectionProps, 'periodHeader' | 'rowNames' | 'ticks'> & { id: string };

/** The six figures of a report, each with its chart series and table columns. */
function sections(report: Report): Section[] {
  const { buckets, totals } = report;
  const count = (key: keyof Omit<ReportFigures, 'medianReplySeconds'>, label: string) => ({
    series: { label, values: buckets.map((b) => b[key]) },
    column: { label, cells: buckets.map((b) => formatCount(b[key])) },
  });
  const one = (
    id: string,
    key: keyof Omit<ReportFigures, 'medianReplySeconds'>,
    summary: string,
  ) => {
    const { series, column } = count(key, reportFigureLabels[key]);
    return {
      id,
      title: reportFigureLabels[key],
      summary,
      series: [series],
      columns: [column],
      formatValue: countText,
    };
  };
  const two = (
    id: string,
    title: string,
    summary: string,
    a: [keyof Omit<ReportFigures, 'medianReplySeconds'>, string],
    b: [keyof Omit<ReportFigures, 'medianReplySeconds'>, string],
  ) => {
    const first = count(...a);
    const second = count(...b);
    return {
      id,
      title,
      summary,
      series: [first.series, second.series],
      columns: [first.column, second.column],
      formatValue: countText,
    };
  };
  // Reply times in minutes, or in hours once the longest median is two hours or more.
  const medians = buckets.map((b) => b.medianReplySeconds);
  const inHours = Math.max(0, ...medians.map((m) => m ?? 0)) >= 7200;
  const per = inHours ? 3600 : 60;
  return [
    one(
      'nya',
      'newClients',
      `${plural(totals.newClients, 'ny klient', 'nya klienter')} under perioden.`,
    ),
    one(
      'aktiva',
      'activeClients',
      `${plural(totals.activeClients, 'klient', 'klienter')} loggade in, använde portalen eller skrev ett meddelande under perioden. Varje klient räknas en gång per ${PERIOD_HEADERS[report.bucket].toLowerCase()} och en gång för hela perioden.`,
    ),
    two(
      'meddelanden',
      'Meddelanden',
      `${plural(totals.clientMessages, 'meddelande', 'meddelanden')} från klienter och ${formatCount(totals.staffMessages)} från personal.`,
      ['clientMessages', 'Från klienter'],
      ['staffMessages', 'Från personal'],
    ),
    {
      id: 'svarstid',
      title: 'Svarstid',
      summary:
        totals.medianReplySeconds === null
          ? 'Inga besvarade meddelanden under perioden.'
          : `Median ${formatDuration(totals.medianReplySeconds)} från en klients meddelande till personalens första svar, över ${plural(totals.repliedMessages, 'besvarat meddelande', 'besvarade meddelanden')}.`,
      series: [
        {
          label: reportFigureLabels.medianReplySeconds,
          values: medians.map((m) => (m === null ? null : Math.round((m / per) * 10) / 10)),
        },
      ],
      columns: [
        { label: reportFigureLabels.medianReplySeconds, cells: medians.map(formatDuration) },
        count('repliedMessages', reportFigureLabels.repliedMessages).column,
      ],
      formatValue: (n: number) => `${formatCount(n)} ${inHours ? 'tim' : 'min'}`,
      whole: false,
    },
    two(
      'uppladdningar',
      'Uppladdningar',
      `${plural(totals.labUploads, 'provsvar', 'provsvar')} och ${plural(totals.actionPlanUploads, 'handlingsplan', 'handlingsplaner')} uppladdade.`,
      ['labUploads', 'Provsvar'],
      ['actionPlanUploads', 'Handlingsplaner'],
    ),
    one(
      'signerade',
      'signedNotes',
      `${plural(totals.signedNotes, 'journalanteckning', 'journalanteckningar')} signerade under perioden.`,
    ),
  ];
}

function Figures({ report }: { report: Report }) {
  const figures = useMemo(() => sections(report), [report]);
  const rowNames = useMemo(
    () => report.buckets.map((b) => bucketLabel(report.bucket, b.start)),
    [report],
  );
  const ticks = useMemo(
    () => report.buckets.map((b) => bucketTick(report.bucket, b.start)),
    [report],
  );
  const summaryId = useId();
  return (
    <>
      <section aria-labelledby={summaryId} className="flex flex-col gap-3">
        <h2 id={summaryId} className="text-xl font-semibold">
          Sammanfattning
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {SUMMARY.map((key) => (
            <div
              key={key}
              className="flex flex-col-reverse justify-end gap-1 rounded-card bg-surface-sunken p-3"
            >
              <dt className="text-sm text-fg-muted hyphens-auto [overflow-wrap:anywhere]">
                {reportFigureLabels[key]}
              </dt>
              <dd className="text-2xl font-semibold tabular-nums">
                {key === 'medianReplySeconds'
                  ? formatDuration(report.totals.medianReplySeconds)
                  : formatCount(report.totals[key] ?? 0)}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-label="Diagram och tabeller" className="grid gap-4 lg:grid-cols-2">
        {figures.map(({ id, ...figure }) => (
          <FigureSection
            key={id}
            {...figure}
            periodHeader={PERIOD_HEADERS[report.bucket]}
            rowNames={rowNames}
            ticks={ticks}
          />
        ))}
      </section>
    </>
  );
}

export interface ReportsScreenProps {
  /** The period shown first (30 dagar unless told). */
  initialInterval?: ExportInterval;
}

export function ReportsScreen({ initialInterval = '30dagar' }: ReportsScreenProps) {
  const [interval, setInterval] = useState<ExportInterval>(initialInterval);
  const { report, error, isLoading, mutate } = useReport(interval);
  const exporter = useExportReport();
  const [exportError, setExportError] = useState<string | null>(null);
  // While another period loads, the last one's figures stay, marked as such.
  const stale = report !== undefined && report.interval !== interval;

  const exportCsv = async () => {
    setExportError(null);
    try {
      saveBlob(await exporter.trigger(interval), reportFileName(interval));
    } catch (e) {
      setExportError(isApiError(e) && e.message ? e.message : REPORT_EXPORT_FAILED);
    }
  };

  return (
    <Page page="reports" gap="gap-5">
      <p className="max-w-prose text-fg-muted">
        Klinikens siffror för en vald period. Varje diagram har en tabell med samma siffror.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label="Period"
          options={INTERVALS}
          value={interval}
          onChange={(e) => setInterval(e.target.value as ExportInterval)}
        />
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporter.isMutating}>
          {exporter.isMutating ? 'Exporterar…' : 'Exportera CSV'}
        </Button>
      </div>
      {exportError ? <Alert variant="error">{exportError}</Alert> : null}
      {error ? (
        <Alert
          variant="error"
          title="Kunde inte hämta rapporten"
          action={
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              Försök igen
            </Button>
          }
        >
          {error.message}
        </Alert>
      ) : !report || (isLoading && !report) ? (
        <Spinner label="Hämtar rapporten…" />
      ) : (
        <div
          aria-busy={stale}
          className={stale ? 'flex flex-col gap-5 opacity-60' : 'flex flex-col gap-5'}
        >
          <p className="font-medium">
            {stale ? 'Hämtar perioden… ' : null}
            Perioden {periodText(report)}.
          </p>
          {isEmpty(report) ? (
            <EmptyState
              title={NO_REPORT_FIGURES}
              description="Inga nya eller aktiva klienter, meddelanden, uppladdningar eller signerade anteckningar. Välj en längre period."
            />
          ) : (
            <Figures report={report} />
          )}
        </div>
      )}
    </Page>
  );
}
