// The one chart figure on its own: one line with a shaded band, two lines with the legend, and
// the figures as a table on request.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { TableColumn } from '../../primitives/table/table';
import { ChartFigure, type ChartFigureProps } from './chart-figure';

const weeks = ['v. 40', 'v. 41', 'v. 42', 'v. 43', 'v. 44'];
const fromClients = [4, 7, 5, null, 9];
const fromStaff = [3, 6, 6, 2, 8];
const cell = (v: number | null) => (v === null ? '–' : String(v));

const columns: TableColumn<number>[] = [
  { header: 'Vecka', primary: true, cell: (i) => weeks[i] },
  { header: 'Från klienter', cell: (i) => cell(fromClients[i]!) },
  { header: 'Från personal', cell: (i) => cell(fromStaff[i]!) },
];

const twoLines: ChartFigureProps<number> = {
  title: 'Meddelanden',
  summary: '25 meddelanden från klienter och 25 från personal.',
  lines: ['Från klienter', 'Från personal'],
  chart: {
    x: weeks.map((_, i) => i),
    xLabel: (i) => weeks[i] ?? '',
    categorical: true,
    series: [fromClients, fromStaff],
    formatValue: String,
    whole: true,
    fromZero: true,
    height: 200,
  },
  testId: 'chart',
  caption: 'Meddelanden: äldst först',
  columns,
  rows: weeks.map((_, i) => i),
  rowKey: (i) => weeks[i]!,
};

const meta = {
  title: 'Komponenter/Diagram',
  component: ChartFigure<number>,
  args: twoLines,
} satisfies Meta<typeof ChartFigure<number>>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two lines: the legend names each by its style, the chart is drawn, the table is on request. */
export const TvaLinjer: Story = {
  name: 'Två linjer',
  play: async ({ canvas, canvasElement, userEvent }) => {
    const figure = canvas.getByRole('article', { name: 'Meddelanden' });
    const legend = within(figure).getByRole('list', { name: 'Linjer i diagrammet' });
    await expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Från klienter (heldragen)', 'Från personal (streckad)']);
    await waitFor(
      () => expect(canvasElement.querySelector('[data-testid="chart"] canvas')).not.toBeNull(),
      { timeout: 10_000 },
    );
    const toggle = within(figure).getByRole('button', { name: 'Visa som tabell (Meddelanden)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(within(figure).getByRole('table')).toBeVisible();
    await expect(within(figure).getAllByRole('row')).toHaveLength(6);
    await expect(
      within(figure).getByRole('button', { name: 'Dölj tabellen (Meddelanden)' }),
    ).toHaveAttribute('aria-expanded', 'true');
  },
};

/** One line with its reference band: no legend; the table only when asked for. */
export const EnLinje: Story = {
  name: 'En linje med referensintervall',
  args: {
    title: 'Hemoglobin (Hb)',
    summary: '3 värden. Det skuggade fältet visar referensintervallet.',
    lines: ['Hemoglobin (Hb)'],
    chart: {
      x: [0, 86400 * 60, 86400 * 200],
      xLabel: (x) => ['10 mars 26', '9 maj 26', '26 sep. 26'][Math.round(x / 86400 / 100)] ?? '',
      series: [[131, 142, 112]],
      formatValue: String,
      band: { low: 117, high: 153 },
      marks: [null, null, 112],
      height: 220,
    },
    caption: 'Hemoglobin (Hb): alla värden, äldst först',
    columns: [
      { header: 'Provtagningsdatum', primary: true, cell: (i) => `Prov ${i + 1}` },
      { header: 'Värde', cell: (i) => [131, 142, 112][i] },
    ],
    rows: [0, 1, 2],
    rowKey: String,
  },
  play: async ({ canvas, userEvent }) => {
    const figure = canvas.getByRole('article', { name: 'Hemoglobin (Hb)' });
    await expect(within(figure).queryByRole('list')).toBeNull();
    await expect(within(figure).queryByRole('table', { hidden: true })).toBeNull();
    const toggle = within(figure).getByRole('button', {
      name: 'Visa som tabell (Hemoglobin (Hb))',
    });
    await expect(toggle).toBeVisible();
    await userEvent.click(toggle);
    await expect(
      within(figure).getByRole('table', { name: 'Hemoglobin (Hb): alla värden, äldst först' }),
    ).toBeVisible();
  },
};
