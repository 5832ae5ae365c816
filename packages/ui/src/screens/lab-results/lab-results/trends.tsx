import { lazy, Suspense, useId, useState } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { Table, type TableColumn } from '../../../primitives/table/table';
import { FLAG_CELL, FlagBadge } from './flag-badge';
import { ValueWithNotes } from './value-notes';
import type { Trend, TrendSample } from '../analyses';
import { formatDay, rangeText, valueText } from '../labels';

// uPlot only in this chunk, loaded when a trend comes near the screen: on a phone the trends
// are below the values table, so the first view never waits for the chart library.
const TrendChart = lazy(() => import('./trend-chart'));

type Value = NonNullable<TrendSample['values'][number]>;
const hasRange = (v: Value) => v.refLow !== null || v.refHigh !== null;

/** A value with its notes and flag, or a dash when the sample lacks it. */
function ValueCell({ value }: { value: Value | undefined }) {
  if (!value) return <span aria-label="Saknas">–</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <ValueWithNotes text={valueText(value)} value={value} />
      <FlagBadge value={value} />
    </span>
  );
}

function columnsOf(trend: Trend): TableColumn<TrendSample>[] {
  const date: TableColumn<TrendSample> = {
    header: 'Provtagningsdatum',
    primary: true,
    className: 'font-normal whitespace-nowrap max-sm:font-semibold',
    cell: (s) => formatDay(s.sampledOn),
  };
  if (trend.series.length === 1) {
    return [
      date,
      {
        header: 'Värde',
        cell: (s) => <ValueWithNotes text={valueText(s.values[0]!)} value={s.values[0]!} />,
      },
      {
        header: 'Bedömning',
        // A phone: the badge goes under its label when the line is too narrow for both, never out
        // of the card (the cell's block may not shrink below its longest word; issue 35).
        className: FLAG_CELL,
        cell: (s) => <FlagBadge value={s.values[0]!} inCell />,
      },
    ];
  }
  return [
    date,
    ...trend.series.map((a, i) => ({
      header: a.name,
      cell: (s: TrendSample) => <ValueCell value={s.values[i]} />,
    })),
  ];
}

/** How each line is drawn: solid, then dashed (never told by colour alone). */
export const LINE_STYLES = ['Heldragen linje', 'Streckad linje'] as const;

function Legend({ trend }: { trend: Trend }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Linjer i diagrammet">
      {trend.series.map((a, i) => (
        <li key={a.key} className="flex items-center gap-2">
          <svg width="28" height="8" aria-hidden="true" className="shrink-0">
            <line
              x1="0"
              y1="4"
              x2="28"
              y2="4"
              strokeWidth="2.5"
              className={i === 0 ? 'stroke-primary' : 'stroke-fg-muted'}
              strokeDasharray={i === 0 ? undefined : '6 4'}
            />
          </svg>
          <span>
            {a.name} <span className="sr-only">({LINE_STYLES[i] ?? ''})</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One analysis (or one panel's analyses) across her uploads: the chart, and as a table. */
function TrendCard({ trend }: { trend: Trend }) {
  const headingId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const [chartRef, near] = useNearViewport<HTMLDivElement>();
  const { name, samples, series } = trend;
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const single = series.length === 1 ? series[0]!.latest : null;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-card border border-border p-4"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {name}
      </h3>
      <p className="text-sm text-fg-muted">
        {samples.length} {single ? 'värden' : 'mätningar'} från {formatDay(first.sampledOn)} till{' '}
        {formatDay(last.sampledOn)}.{single ? ` Referensintervall: ${rangeText(single)}.` : null}
        {single && hasRange(single) ? ' Det skuggade fältet visar referensintervallet.' : null}
      </p>
      {single ? null : <Legend trend={trend} />}
      <div ref={chartRef} aria-hidden="true" data-testid="trend-chart" className="min-h-[220px]">
        {near ? (
          <Suspense fallback={<Spinner label="Ritar diagrammet…" />}>
            <TrendChart trend={trend} />
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
          <span className="sr-only"> ({name})</span>
        </Button>
      </div>
      {/* Always read by screen readers; shown to everyone on request. */}
      <Table
        id={tableId}
        visuallyHidden={!showTable}
        caption={`${name}: alla värden, äldst först`}
        columns={columnsOf(trend)}
        rows={samples}
        rowKey={(s) => s.key}
        variant="plain"
        density="compact"
      />
    </article>
  );
}

/** A trend for every analysis or panel with two or more samples; a line for those with one. */
export function Trends({ trends }: { trends: readonly Trend[] }) {
  const withTrend = trends.filter((t) => t.samples.length > 1);
  const single = trends.filter((t) => t.samples.length === 1);
  return (
    <div className="flex flex-col gap-4">
      {withTrend.map((t) => (
        <TrendCard key={t.key} trend={t} />
      ))}
      {single.length > 0 ? (
        <p className="text-sm text-fg-muted">
          Bara ett värde hittills för {single.map((t) => t.name).join(', ')}. Utvecklingen visas när
          det finns fler provsvar.
        </p>
      ) : null}
    </div>
  );
}
