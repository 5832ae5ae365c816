// What the one line chart (line-chart.tsx) needs: theme colours read from the
// tokens and round axis steps. Imported only by the lazily loaded chart module.

/** A theme colour from globals.css, so a chart follows the tokens. */
export function token(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** Round axis ends at 1, 2 or 5 × 10ⁿ steps, with room above and below. */
export function niceScale(lo: number, hi: number): { min: number; max: number; step: number } {
  const span = hi - lo || Math.abs(hi) || 1;
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const min = Math.max(0, Math.floor((lo - span * 0.05) / step) * step);
  const max = Math.ceil((hi + span * 0.05) / step) * step;
  return { min, max, step };
}

/** The tick values from `min` to `max` in steps of `step`. */
export function ticks({ min, max, step }: { min: number; max: number; step: number }): number[] {
  const out: number[] = [];
  for (let t = min; t <= max + step / 2; t += step) out.push(Number(t.toFixed(6)));
  return out;
}
