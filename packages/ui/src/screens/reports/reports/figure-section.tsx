// One figure of /reports: its heading and total in words, the chart (loaded as it nears the
// screen) with a legend that names each line by its style, and the same figures as a table —
// read by screen readers always, shown to everyone on request.
import { lazy, Suspense, useId, useState } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { Table, type TableColumn } from '../../../primitives/table/table';
import type { ChartSeries } from './figure-chart';

// uPlot only in this chunk, and only on /reports.
const FigureChart = lazy(() => import('./figure-chart'));

export interface FigureColumn {
  label: string;
  cells: readonly string[];
}

export interface FigureSectionProps {
  title: string;
  summary: string;
  /** The column header of the buckets: Dag, Vecka or Månad. */
  periodHeader: string;
  rowNames: readonly string[];
  ticks: readonly string[];
  series: readonly ChartSeries[];
  formatValue: (n: number) => string;
  whole?: boolean;
  /** The table's columns after the period (the chart's series, and any more). */
  columns: readonly FigureColumn[];
}

/** A line sample for the legend: solid for the first series, dashed for the second. */
function LineSample({ dashed }: { dashed: boolean }) {
  return (
    <svg aria-hidden="true" width="28" height="10" className="shrink-0">
      <line
        x1="1"
        y1="5"
        x2="27"
        y2="5"
        strokeWidth="2.5"
        className={dashed ? 'stroke-fg' : 'stroke-primary'}
        strokeDasharray={dashed ? '6 4' : undefined}
      />
    </svg>
  );
}

export function FigureSection({
  title,
  summary,
  periodHeader,
  rowNames,
  ticks,
  series,
  formatValue,
  whole,
  columns,
}: FigureSectionProps) {
  const headingId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const [chartRef, near] = useNearViewport<HTMLDivElement>();
  return (
    <article
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-card border border-border p-4"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="text-sm text-fg-muted">{summary}</p>
      {series.length > 1 ? (
        <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {series.map((s, i) => (
            <li key={s.label} className="flex items-center gap-2">
              <LineSample dashed={i > 0} />
              {s.label}
              {i > 0 ? ' (streckad)' : ' (heldragen)'}
            </li>
          ))}
        </ul>
      ) : null}
      <div ref={chartRef} aria-hidden="true" data-testid="report-chart" className="min-h-[200px]">
        {near ? (
          <Suspense fallback={<Spinner label="Ritar diagrammet…" />}>
            <FigureChart ticks={ticks} series={series} formatValue={formatValue} whole={whole} />
          </Suspense>
        ) : null}
      </div>
      <div>
        <Button
          variant="link"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((s) => !s)}
        >
          {showTable ? 'Dölj tabellen' : 'Visa som tabell'}
          <span className="sr-only"> ({title})</span>
        </Button>
      </div>
      <Table
        id={tableId}
        visuallyHidden={!showTable}
        caption={`${title}: äldst först`}
        columns={[
          {
            header: periodHeader,
            primary: true,
            className: 'font-normal whitespace-nowrap max-sm:font-semibold',
            cell: (row) => rowNames[row],
          },
          ...columns.map((c): TableColumn<number> => ({
            header: c.label,
            headerClassName: 'text-right',
            className: 'text-right whitespace-nowrap tabular-nums max-sm:text-left',
            cell: (row) => c.cells[row],
          })),
        ]}
        rows={rowNames.map((_, row) => row)}
        rowKey={(row) => rowNames[row]!}
        variant="plain"
        density="compact"
      />
    </article>
  );
}
