// One figure of /reports in the one chart figure (components/chart): its heading and total in
// words, the buckets of the period as a line chart, and the same figures as a table.
import { useMemo } from 'react';
import { ChartFigure } from '../../../components/chart/chart-figure';
import type { LineChartProps } from '../../../components/chart/line-chart';
import type { TableColumn } from '../../../primitives/table/table';

export interface ChartSeries {
  label: string;
  /** One value per bucket; null leaves a gap (e.g. no answered message that day). */
  values: readonly (number | null)[];
}

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
  /** The axis name of each bucket, oldest first. */
  ticks: readonly string[];
  series: readonly ChartSeries[];
  /** An axis value in words, e.g. `12` → "12 min". */
  formatValue: (n: number) => string;
  /** Whole numbers only (counts): the axis steps by 1 at least. */
  whole?: boolean;
  /** The table's columns after the period (the chart's series, and any more). */
  columns: readonly FigureColumn[];
}

export function FigureSection({
  title,
  summary,
  periodHeader,
  rowNames,
  ticks,
  series,
  formatValue,
  whole = true,
  columns,
}: FigureSectionProps) {
  const chart = useMemo(
    (): LineChartProps => ({
      x: ticks.map((_, i) => i),
      xLabel: (i) => ticks[i] ?? '',
      categorical: true,
      series: series.map((s) => s.values),
      formatValue,
      whole,
      fromZero: true,
      height: 200,
      axisWidth: 64,
    }),
    [ticks, series, formatValue, whole],
  );
  const tableColumns = useMemo(
    (): TableColumn<number>[] => [
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
    ],
    [periodHeader, rowNames, columns],
  );
  const rows = useMemo(() => rowNames.map((_, row) => row), [rowNames]);
  return (
    <ChartFigure
      title={title}
      summary={summary}
      lines={series.map((s) => s.label)}
      chart={chart}
      testId="report-chart"
      caption={`${title}: äldst först`}
      columns={tableColumns}
      rows={rows}
      rowKey={(row) => rowNames[row]!}
    />
  );
}
