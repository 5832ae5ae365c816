// The one chart figure (issue 37; shadcn's one chart container) of every chart — lab trends and
// /reports: a card with its heading and summary, a legend naming each line by its style, the line
// chart (uPlot, loaded only as the figure nears the screen), and the same figures as a Table,
// drawn when asked for with 'Visa som tabell', for everyone alike (issue 39: a page of many
// figures drew every hidden table up front for screen readers; the chart is hidden from them,
// the summary says what it shows, and the button gives them its figures as it does everyone).
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useNearViewport } from '../../lib/use-near-viewport';
import { Button } from '../../primitives/button/button';
import { Spinner } from '../../primitives/spinner/spinner';
import { Table, type TableColumn } from '../../primitives/table/table';
import type { LineChartProps } from './line-chart';
import { seriesStyle } from './series-styles';

// uPlot only in this chunk, loaded when a figure comes near the screen: on a phone the charts
// are below the first view, which never waits for the chart library.
const LineChart = lazy(() => import('./line-chart'));

export interface ChartFigureProps<Row> {
  title: string;
  /** What the figure shows in words, under the heading. */
  summary: ReactNode;
  /** The lines' names in series order: a legend when there are two or more. */
  lines: readonly string[];
  /** The chart; keep it the same object between renders (useMemo), or it is drawn again. */
  chart: LineChartProps;
  /** The chart box's test id (the visual and e2e tests wait for its canvas). */
  testId: string;
  /** The table's caption, columns and rows. */
  caption: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}

/** A sample of a line's style for the legend. */
function LineSample({ index }: { index: number }) {
  const style = seriesStyle(index);
  return (
    <svg aria-hidden="true" width="28" height="10" className="shrink-0">
      <line
        x1="1"
        y1="5"
        x2="27"
        y2="5"
        strokeWidth="2.5"
        className={style.strokeClass}
        strokeDasharray={style.dash?.join(' ')}
      />
    </svg>
  );
}

export function ChartFigure<Row>({
  title,
  summary,
  lines,
  chart,
  testId,
  caption,
  columns,
  rows,
  rowKey,
}: ChartFigureProps<Row>) {
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
      {lines.length > 1 ? (
        // Each line named by its style too: never by colour alone.
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Linjer i diagrammet">
          {lines.map((name, i) => (
            <li key={name} className="flex items-center gap-2">
              <LineSample index={i} />
              {`${name} (${seriesStyle(i).name})`}
            </li>
          ))}
        </ul>
      ) : null}
      <div
        ref={chartRef}
        aria-hidden="true"
        data-testid={testId}
        style={{ minHeight: chart.height }}
      >
        {near ? (
          <Suspense fallback={<Spinner label="Ritar diagrammet…" />}>
            <LineChart {...chart} />
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
      {showTable ? (
        <Table
          id={tableId}
          caption={caption}
          columns={columns}
          rows={rows}
          rowKey={rowKey}
          variant="plain"
          density="compact"
        />
      ) : (
        // The table's place, which the button controls, empty until it is asked for.
        <div id={tableId} hidden />
      )}
    </article>
  );
}
