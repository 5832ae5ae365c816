// The trend of one analysis as a line with its reference band shaded (uPlot: a small canvas
// chart library, ~20 kB). Loaded lazily by the lab-results page only, so no other route carries
// it. Decorative for assistive technology: the page gives the same values as a table.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { labFlag } from '@halsa/api';
import { niceScale, ticks, token } from '../../../lib/chart-scale';
import type { Analysis } from '../analyses';
import { formatShortDay, formatValue } from '../labels';

const HEIGHT = 220;

const dayToSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
const secondsToDay = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

export default function TrendChart({ analysis }: { analysis: Analysis }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const { values } = analysis;
    const ref = values[values.length - 1]!;
    const nums = values.map((v) => v.value);
    const scale = niceScale(
      Math.min(...nums, ref.refLow ?? Infinity),
      Math.max(...nums, ref.refHigh ?? -Infinity),
    );
    const xs = values.map((v) => dayToSeconds(v.sampledOn));
    const ys = values.map((v) => v.value);
    // Out-of-range values again, alone, drawn as red points over the line.
    const outs = values.map((v) =>
      labFlag(v) === 'HIGH' || labFlag(v) === 'LOW' ? v.value : null,
    );
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
    const hasRange = ref.refLow !== null || ref.refHigh !== null;

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
            values: (_u, splits) => splits.map((s) => formatShortDay(secondsToDay(s))),
            splits: () => xs,
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
          {
            stroke: primary,
            width: 2,
            points: { show: true, size: 8, fill: primary, stroke: '#ffffff', width: 1.5 },
          },
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
              if (!hasRange) return;
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
      [xs, ys, outs],
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
  }, [analysis]);

  return <div ref={host} className="w-full" />;
}
