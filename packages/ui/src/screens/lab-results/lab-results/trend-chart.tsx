// The trend of one analysis as a line with its reference band shaded, or of a panel's analyses
// (blood pressure: systolic and diastolic) as one line each, solid and dashed (uPlot: a small canvas
// chart library, ~20 kB). Loaded lazily by the lab-results page only, so no other route carries
// it. Decorative for assistive technology: the page gives the same values as a table.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { labFlag } from '@halsa/api';
import { niceScale, ticks, token } from '../../../lib/chart-scale';
import type { Trend } from '../analyses';
import { dayOf, formatShortDay, formatValue } from '../labels';

const HEIGHT = 220;

const dayToSeconds = (day: string) => Date.parse(`${dayOf(day)}T00:00:00Z`) / 1000;

/** Least room between two date ticks, so their labels ('10 mars 26') never run together. */
const MIN_TICK_GAP = 72;

/** The sample days as ticks, leaving out those too close to the one before (the last kept). */
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

export default function TrendChart({ trend }: { trend: Trend }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const { samples, series } = trend;
    // The reference band only for one analysis alone (a panel's analyses have their own).
    const ref = series.length === 1 ? series[0]!.latest : null;
    const nums = samples.flatMap((s) => s.values.flatMap((v) => (v ? [v.value] : [])));
    const scale = niceScale(
      Math.min(...nums, ref?.refLow ?? Infinity),
      Math.max(...nums, ref?.refHigh ?? -Infinity),
    );
    const xs = samples.map((s) => dayToSeconds(s.sampledOn));
    const labels = new Map(samples.map((s, i) => [xs[i]!, formatShortDay(s.sampledOn)]));
    const lines = series.map((_, i) => samples.map((s) => s.values[i]?.value ?? null));
    // Out-of-range values again, alone, drawn as red points over the lines.
    const outs = samples.map((s) => {
      const out = s.values.find((v) => v && (labFlag(v) === 'HIGH' || labFlag(v) === 'LOW'));
      return out ? out.value : null;
    });
    const primary = token('--color-primary', '#0f5e59');
    const danger = token('--color-danger', '#b3261e');
    const band = token('--color-success-soft', '#e5f3e9');
    const grid = token('--color-border', '#e0dbd4');
    const muted = token('--color-fg-muted', '#5b554e');
    const font = '12px "Inter Variable", system-ui, sans-serif';
    const axis = {
      stroke: muted,
      font,
      grid: { stroke: grid, width: 1, dash: [3, 3] },
      ticks: { show: false },
    };
    const hasRange = ref !== null && (ref.refLow !== null || ref.refHigh !== null);

    const plot = new uPlot(
      {
        width: Math.max(200, el.clientWidth),
        height: HEIGHT,
        // Room on the right for the last date, centred on the last point (else it is cut off).
        padding: [null, 40, null, null],
        legend: { show: false },
        cursor: { show: false },
        select: { show: false, left: 0, top: 0, width: 0, height: 0 },
        scales: {
          x: {
            time: false,
            range: (_u, min, max) => (min === max ? [min - 86400, max + 86400] : [min, max]),
          },
          y: { range: () => [scale.min, scale.max] },
        },
        axes: [
          {
            ...axis,
            grid: { show: false },
            values: (_u, splits) => splits.map((s) => labels.get(s) ?? ''),
            splits: (u) => spaced(u, xs),
          },
          {
            ...axis,
            size: 48,
            splits: () => ticks(scale),
            values: (_u, splits) => splits.map((s) => formatValue(s)),
          },
        ],
        series: [
          {},
          ...lines.map((_, i) => ({
            stroke: i === 0 ? primary : muted,
            width: 2,
            dash: i === 0 ? undefined : [6, 4],
            spanGaps: true,
            points: {
              show: true,
              size: 8,
              fill: i === 0 ? primary : muted,
              stroke: '#ffffff',
              width: 1.5,
            },
          })),
          {
            stroke: danger,
            width: 0,
            paths: () => null,
            points: { show: true, size: 10, fill: danger, stroke: '#ffffff', width: 1.5 },
          },
        ],
        hooks: {
          drawClear: [
            (u) => {
              if (!hasRange || !ref) return;
              const top = u.valToPos(ref.refHigh ?? scale.max, 'y', true);
              const bottom = u.valToPos(ref.refLow ?? scale.min, 'y', true);
              u.ctx.save();
              u.ctx.fillStyle = band;
              u.ctx.fillRect(u.bbox.left, top, u.bbox.width, bottom - top);
              u.ctx.restore();
            },
          ],
        },
      },
      [xs, ...lines, outs],
      el,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [trend]);

  return <div ref={host} className="w-full" />;
}
