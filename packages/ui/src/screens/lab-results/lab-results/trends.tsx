import { lazy, Suspense, useId, useState } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';
import { Table, type TableColumn } from '../../../primitives/table/table';
import { FlagBadge } from './flag-badge';
import type { Analysis } from '../analyses';
import { formatDay, rangeText, valueText } from '../labels';

// uPlot only in this chunk, loaded when a trend comes near the screen: on a phone the trends
// are below the values table, so the first view never waits for the chart library.
const TrendChart = lazy(() => import('./trend-chart'));

const hasRange = (v: Analysis['latest']) => v.refLow !== null || v.refHigh !== null;

const trendColumns: TableColumn<Analysis['values'][number]>[] = [
  {
    header: 'Provtagningsdatum',
    primary: true,
    className: 'font-normal whitespace-nowrap max-sm:font-semibold',
    cell: (v) => formatDay(v.sampledOn),
  },
  { header: 'Värde', className: 'whitespace-nowrap tabular-nums', cell: (v) => valueText(v) },
  { header: 'Bedömning', cell: (v) => <FlagBadge value={v} /> },
];

/** One analysis across her uploads: the chart, and the same values as a table. */
function Trend({ analysis }: { analysis: Analysis }) {
  const headingId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  const [chartRef, near] = useNearViewport<HTMLDivElement>();
  const { name, values, latest } = analysis;
  const first = values[0]!;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-card border border-border p-4"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        {name}
      </h3>
      <p className="text-sm text-fg-muted">
        {values.length} värden från {formatDay(first.sampledOn)} till {formatDay(latest.sampledOn)}.
        Referensintervall: {rangeText(latest)}.
        {hasRange(latest) ? ' Det skuggade fältet visar referensintervallet.' : null}
      </p>
      <div ref={chartRef} aria-hidden="true" data-testid="trend-chart" className="min-h-[220px]">
        {near ? (
          <Suspense fallback={<Spinner label="Ritar diagrammet…" />}>
            <TrendChart analysis={analysis} />
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
        columns={trendColumns}
        rows={values}
        rowKey={(v, i) => `${v.fileName}-${i}`}
        variant="plain"
        density="compact"
      />
    </article>
  );
}

/** A trend for every analysis with two or more values; a line for those with one. */
export function Trends({ analyses }: { analyses: readonly Analysis[] }) {
  const withTrend = analyses.filter((a) => a.values.length > 1);
  const single = analyses.filter((a) => a.values.length === 1);
  return (
    <div className="flex flex-col gap-4">
      {withTrend.map((a) => (
        <Trend key={a.key} analysis={a} />
      ))}
      {single.length > 0 ? (
        <p className="text-sm text-fg-muted">
          Bara ett värde hittills för {single.map((a) => a.name).join(', ')}. Utvecklingen visas när
          det finns fler provsvar.
        </p>
      ) : null}
    </div>
  );
}
