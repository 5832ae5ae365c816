// One report figure over the period as lines (uPlot, as on /lab-results), loaded lazily by
// /reports only, so no other route carries the library. A second series is dashed and named in
// the legend beside the chart: never colour alone. Hidden from assistive technology: the same
// figures are in the table under each chart.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { niceScale, ticks, token } from '../../../lib/chart-scale';

const HEIGHT = 200;

export interface ChartSeries {
  label: string;
  /** One value per bucket; null leaves a gap (e.g. no answered message that day). */
  values: readonly (number | null)[];
}

export interface FigureChartProps {
  /** The axis name of each bucket, oldest first. */
  ticks: readonly string[];
  series: readonly ChartSeries[];
  /** An axis value in words, e.g. `12` → "12 min". */
  formatValue: (n: number) => string;
  /** Whole numbers only (counts): the axis steps by 1 at least. */
  whole?: boolean;
}

export default function FigureChart({
  ticks: names,
  series,
  formatValue,
  whole = true,
}: FigureChartProps) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const xs = names.map((_, i) => i);
    const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
    const found = niceScale(0, Math.max(1, ...all));
    const scale =
      whole && found.step < 1 ? { min: 0, max: Math.max(1, Math.ceil(found.max)), step: 1 } : found;
    const colours = [token('--color-primary', '#0f5e59'), token('--color-fg', '#2b2722')];
    const grid = token('--color-border', '#e0dbd4');
    const muted = token('--color-fg-muted', '#5b554e');
    const font = '12px "Inter Variable", system-ui, sans-serif';
    const axis = {
      stroke: muted,
      font,
      grid: { stroke: grid, width: 1, dash: [3, 3] },
      ticks: { show: false },
    };
    const width = () => Math.max(200, el.clientWidth);

    const plot = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: {
          x: { time: false, range: () => [-0.5, Math.max(0.5, xs.length - 0.5)] },
          y: { range: () => [scale.min, scale.max] },
        },
        axes: [
          {
            ...axis,
            grid: { show: false },
            // As many names as fit, about one per 80 px, evenly spaced back from the latest.
            splits: (u) => {
              const room = Math.max(2, Math.floor(u.width / 80));
              const every = Math.max(1, Math.ceil(xs.length / room));
              return xs.filter((i) => (xs.length - 1 - i) % every === 0);
            },
            values: (_u, splits) => splits.map((i) => names[i] ?? ''),
          },
          {
            ...axis,
            size: 64,
            splits: () => ticks(scale),
            values: (_u, splits) => splits.map((v) => formatValue(v)),
          },
        ],
        series: [
          {},
          ...series.map((_, i) => ({
            stroke: colours[i % colours.length],
            width: 2,
            dash: i === 0 ? undefined : [6, 4],
            points: {
              show: xs.length <= 40,
              size: 7,
              fill: colours[i % colours.length],
              stroke: '#ffffff',
              width: 1.5,
            },
          })),
        ],
      },
      [xs, ...series.map((s) => [...s.values])],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [names, series, formatValue, whole]);

  return <div ref={host} className="w-full" />;
}
