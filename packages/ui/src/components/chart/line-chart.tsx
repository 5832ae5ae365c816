// The one line chart (issue 37) of every figure — lab trends and /reports: uPlot, a small canvas
// chart library (~20 kB), loaded lazily by ChartFigure only, so no other route carries it.
// Each line is drawn in its series style (series-styles.ts); optional a shaded band (a reference
// range) and marked points (values outside it, in red). Decorative for assistive technology:
// the figure gives the same values as a table.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { niceScale, ticks, token } from './chart-scale';
import { seriesStyle } from './series-styles';

export interface LineChartProps {
  /**
   * The x of each point, ascending: bucket numbers 0, 1, 2 … (`categorical`) or days in seconds.
   */
  x: readonly number[];
  /** The axis name of an x ('12 mars 26', 'v. 44'). */
  xLabel: (x: number) => string;
  /**
   * Buckets (days, weeks, months): half a bucket of room either side, a gap where a value is
   * missing. Otherwise a time axis whose lines run over missing values.
   */
  categorical?: boolean;
  /** One line per series, one value (or null) per x. */
  series: readonly (readonly (number | null)[])[];
  /** An axis value in words, e.g. `12` → "12 min". */
  formatValue: (n: number) => string;
  /** Whole numbers only (counts): the axis steps by 1 at least. */
  whole?: boolean;
  /** The axis starts at 0 (counts), else just below the lowest value. */
  fromZero?: boolean;
  /** A band shaded behind the lines, e.g. the reference range. */
  band?: { low: number | null; high: number | null } | null;
  /** Points drawn again in red over the lines (values outside the band). */
  marks?: readonly (number | null)[];
  height: number;
  /** Room for the value axis' labels, in px. */
  axisWidth?: number;
}

/** Least room between two x labels, so they never run together. */
const MIN_TICK_GAP = 72;

/** The x ticks, leaving out those too close to the one before (the latest always kept). */
function spaced(u: uPlot, xs: readonly number[]): number[] {
  const kept: number[] = [];
  for (const x of [...new Set(xs)]) {
    const at = u.valToPos(x, 'x');
    while (kept.length > 0 && at - u.valToPos(kept[kept.length - 1]!, 'x') < MIN_TICK_GAP) {
      // the newest date matters most: keep the last, drop the earlier neighbour
      if (x !== xs[xs.length - 1]) break;
      kept.pop();
    }
    const last = kept[kept.length - 1];
    if (last === undefined || at - u.valToPos(last, 'x') >= MIN_TICK_GAP) kept.push(x);
  }
  return kept;
}

/** Buckets: as many names as fit, evenly spaced back from the latest. */
function everyNth(u: uPlot, xs: readonly number[]): number[] {
  const room = Math.max(2, Math.floor(u.width / 80));
  const every = Math.max(1, Math.ceil(xs.length / room));
  return xs.filter((_, i) => (xs.length - 1 - i) % every === 0);
}

export default function LineChart({
  x,
  xLabel,
  categorical = false,
  series,
  formatValue,
  whole = false,
  fromZero = false,
  band = null,
  marks,
  height,
  axisWidth = 48,
}: LineChartProps) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const xs = [...x];
    const nums = series.flatMap((s) => s.filter((v): v is number => v !== null));
    const lo = fromZero ? 0 : Math.min(...nums, band?.low ?? Infinity);
    const hi = Math.max(fromZero ? 1 : -Infinity, ...nums, band?.high ?? -Infinity);
    const found = niceScale(lo, hi);
    const scale =
      whole && found.step < 1 ? { min: 0, max: Math.max(1, Math.ceil(found.max)), step: 1 } : found;
    const danger = token('--color-danger', '#b3261e');
    const shade = token('--color-success-soft', '#e5f3e9');
    const grid = token('--color-border', '#e0dbd4');
    const muted = token('--color-fg-muted', '#5b554e');
    const font = '12px "Inter Variable", system-ui, sans-serif';
    const axis = {
      stroke: muted,
      font,
      grid: { stroke: grid, width: 1, dash: [3, 3] },
      ticks: { show: false },
    };
    const hasBand = band !== null && (band.low !== null || band.high !== null);
    const width = () => Math.max(200, el.clientWidth);

    const plot = new uPlot(
      {
        width: width(),
        height,
        // A time axis ends on the last point: room on the right for its date.
        ...(categorical ? {} : { padding: [null, 40, null, null] as uPlot.Padding }),
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: {
          x: {
            time: false,
            range: categorical
              ? () => [-0.5, Math.max(0.5, xs.length - 0.5)]
              : (_u, min, max) => (min === max ? [min - 86400, max + 86400] : [min, max]),
          },
          y: { range: () => [scale.min, scale.max] },
        },
        axes: [
          {
            ...axis,
            grid: { show: false },
            splits: (u) => (categorical ? everyNth(u, xs) : spaced(u, xs)),
            values: (_u, splits) => splits.map((s) => xLabel(s)),
          },
          {
            ...axis,
            size: axisWidth,
            splits: () => ticks(scale),
            values: (_u, splits) => splits.map((v) => formatValue(v)),
          },
        ],
        series: [
          {},
          ...series.map((_, i) => {
            const style = seriesStyle(i);
            const colour = token(style.token, style.fallback);
            return {
              stroke: colour,
              width: 2,
              dash: style.dash ? [...style.dash] : undefined,
              spanGaps: !categorical,
              points: {
                show: xs.length <= 40,
                size: 8,
                fill: colour,
                stroke: '#ffffff',
                width: 1.5,
              },
            };
          }),
          ...(marks
            ? [
                {
                  stroke: danger,
                  width: 0,
                  paths: () => null,
                  points: { show: true, size: 10, fill: danger, stroke: '#ffffff', width: 1.5 },
                },
              ]
            : []),
        ],
        hooks: {
          drawClear: [
            (u) => {
              if (!hasBand || !band) return;
              const top = u.valToPos(band.high ?? scale.max, 'y', true);
              const bottom = u.valToPos(band.low ?? scale.min, 'y', true);
              u.ctx.save();
              u.ctx.fillStyle = shade;
              u.ctx.fillRect(u.bbox.left, top, u.bbox.width, bottom - top);
              u.ctx.restore();
            },
          ],
        },
      },
      [xs, ...series.map((s) => [...s]), ...(marks ? [[...marks]] : [])],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [
    x,
    xLabel,
    categorical,
    series,
    formatValue,
    whole,
    fromZero,
    band,
    marks,
    height,
    axisWidth,
  ]);

  return <div ref={host} className="w-full" />;
}
