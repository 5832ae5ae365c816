// How each line of every chart is drawn (issue 37: one colour per series, the same on every
// page): the first solid in the primary colour, the second dashed in the muted text colour, so a
// line is never told by colour alone. Shared by the chart (canvas) and the figure's legend (SVG).
export interface SeriesStyle {
  /** The theme token of the line's colour. */
  token: string;
  /** Used when the token cannot be read (outside a browser). */
  fallback: string;
  /** The same colour as a Tailwind stroke class, for the legend's line sample. */
  strokeClass: string;
  dash: readonly number[] | undefined;
  /** The style in words, in the legend: 'Hb (heldragen)'. */
  name: string;
}

export const SERIES_STYLES: readonly SeriesStyle[] = [
  {
    token: '--color-primary',
    fallback: '#0f5e59',
    strokeClass: 'stroke-primary',
    dash: undefined,
    name: 'heldragen',
  },
  {
    token: '--color-fg-muted',
    fallback: '#5b554e',
    strokeClass: 'stroke-fg-muted',
    dash: [6, 4],
    name: 'streckad',
  },
];

export const seriesStyle = (i: number): SeriesStyle => SERIES_STYLES[i % SERIES_STYLES.length]!;
