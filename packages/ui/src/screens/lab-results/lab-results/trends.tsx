// The trends of /lab-results: each analysis (or panel) with two or more samples in the one chart
// figure (components/chart), its values also as a table on request.
import { labFlag } from '@halsa/api';
import { memo, useMemo } from 'react';
import { ChartFigure } from '../../../components/chart/chart-figure';
import type { LineChartProps } from '../../../components/chart/line-chart';
import type { TableColumn } from '../../../primitives/table/table';
import { FLAG_CELL, FlagBadge } from './flag-badge';
import { ValueWithNotes } from './value-notes';
import type { Trend, TrendSample } from '../analyses';
import { dayOf, formatDay, formatShortDay, formatValue, rangeText, valueText } from '../labels';

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

const dayToSeconds = (day: string) => Date.parse(`${dayOf(day)}T00:00:00Z`) / 1000;

/**
 * The trend as a line chart: one line per analysis (a panel's, e.g. blood pressure: systolic
 * and diastolic), the reference band of one analysis alone shaded, out-of-range values in red.
 */
function chartOf(trend: Trend): LineChartProps {
  const { samples, series } = trend;
  // The reference band only for one analysis alone (a panel's analyses have their own).
  const ref = series.length === 1 ? series[0]!.latest : null;
  const xs = samples.map((s) => dayToSeconds(s.sampledOn));
  const labels = new Map(samples.map((s, i) => [xs[i]!, formatShortDay(s.sampledOn)]));
  return {
    x: xs,
    xLabel: (x) => labels.get(x) ?? '',
    series: series.map((_, i) => samples.map((s) => s.values[i]?.value ?? null)),
    formatValue,
    band: ref ? { low: ref.refLow, high: ref.refHigh } : null,
    // Out-of-range values again, alone, drawn as red points over the lines.
    marks: samples.map((s) => {
      const out = s.values.find((v) => v && (labFlag(v) === 'HIGH' || labFlag(v) === 'LOW'));
      return out ? out.value : null;
    }),
    height: 220,
  };
}

/**
 * One analysis (or one panel's analyses) across her uploads: the chart, and as a table. Kept as
 * it is while its trend is the same object, so drawing the next card builds only that one.
 */
const TrendCard = memo(function TrendCard({ trend }: { trend: Trend }) {
  const { name, samples, series } = trend;
  const chart = useMemo(() => chartOf(trend), [trend]);
  const columns = useMemo(() => columnsOf(trend), [trend]);
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const single = series.length === 1 ? series[0]!.latest : null;
  return (
    <ChartFigure
      title={name}
      summary={
        <>
          {samples.length} {single ? 'värden' : 'mätningar'} från {formatDay(first.sampledOn)} till{' '}
          {formatDay(last.sampledOn)}.{single ? ` Referensintervall: ${rangeText(single)}.` : null}
          {single && hasRange(single) ? ' Det skuggade fältet visar referensintervallet.' : null}
        </>
      }
      lines={series.map((a) => a.name)}
      chart={chart}
      testId="trend-chart"
      caption={`${name}: alla värden, äldst först`}
      columns={columns}
      rows={samples}
      rowKey={(s) => s.key}
    />
  );
});

/** The trends drawn as cards: every analysis or panel with two or more samples. */
export const withTrend = (trends: readonly Trend[]) => trends.filter((t) => t.samples.length > 1);

export interface TrendsProps {
  trends: readonly Trend[];
  /**
   * How many of the cards are drawn so far (all by default): the page draws them one at a time
   * (issue 39). The line on the analyses with one value comes with the last card.
   */
  drawn?: number;
}

/** A trend for every analysis or panel with two or more samples; a line for those with one. */
export function Trends({ trends, drawn = Infinity }: TrendsProps) {
  const cards = withTrend(trends);
  const single = trends.filter((t) => t.samples.length === 1);
  return (
    <div className="flex flex-col gap-4">
      {cards.slice(0, drawn).map((t) => (
        <TrendCard key={t.key} trend={t} />
      ))}
      {single.length > 0 && drawn >= cards.length ? (
        <p className="text-sm text-fg-muted">
          Bara ett värde hittills för {single.map((t) => t.name).join(', ')}. Utvecklingen visas när
          det finns fler provsvar.
        </p>
      ) : null}
    </div>
  );
}
