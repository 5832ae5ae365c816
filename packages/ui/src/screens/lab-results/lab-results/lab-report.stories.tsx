// Her page after a laboratory's FHIR reports (design §4.15): comparators as written, text
// results, preliminary and corrected values, blood pressure as one trend of both components,
// dates as precise as the lab gave them.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { authScenarios, labScenarios } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { LabResultsScreen } from './lab-results';
import { ALL_PARTS } from './all-parts';

const meta = {
  title: 'Provsvar/Labbrapport (FHIR)',
  component: LabResultsScreen,
  parameters: {
    route: { path: '/lab-results', url: '/lab-results' },
    ...mocks(authScenarios.asUser, labScenarios.labReport),
  },
} satisfies Meta<typeof LabResultsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

type Play = Pick<Parameters<NonNullable<Story['play']>>[0], 'canvas' | 'userEvent'>;

/**
 * The body rows of a table, each cell's text, once the whole block is drawn: the latest values
 * come a few rows a frame, the trend cards a card a frame, the files last (issue 39). A trend's
 * table ('<analysis>: alla värden, äldst först') is shown first, as she would ask for it.
 */
async function rows({ canvas, userEvent }: Play, name: string): Promise<string[][]> {
  await canvas.findByRole('heading', { level: 2, name: 'Dina filer' }, ALL_PARTS);
  const trend = /^(.*): alla värden, äldst först$/.exec(name)?.[1];
  if (trend)
    await userEvent.click(canvas.getByRole('button', { name: `Visa som tabell (${trend})` }));
  const table = canvas.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

/** The latest values: '<1 mg/L', '>90', 'Preliminärt', 'Rättat 4 nov. 2026', a month, a year. */
export const Labbrapport: Story = {
  name: 'Jämförelser, preliminärt och rättat',
  play: async ({ canvas, userEvent }) => {
    await expect(await rows({ canvas, userEvent }, 'Senaste värdet för varje analys')).toEqual([
      ['Vitamin D', '62 nmol/L', '50–250 nmol/L', 'Inom referensintervallet', 'november 2026'],
      ['Systoliskt blodtryck', '146 mm[Hg]', 'Saknas', '↑Högt enligt labbet', '2 november 2026'],
      [
        'Diastoliskt blodtryck',
        '92 mm[Hg]',
        'Saknas',
        'Avvikande enligt labbet',
        '2 november 2026',
      ],
      [
        'Hemoglobin (Hb)',
        '131 g/LPreliminärt',
        '117–153 g/L',
        'Inom referensintervallet',
        '2 november 2026',
      ],
      ['CRP', '<1 mg/L', 'högst 5 mg/L', 'Inom referensintervallet', '2 november 2026'],
      [
        'eGFR',
        '>90 mL/min/1.73m2',
        'minst 60 mL/min/1.73m2',
        'Inom referensintervallet',
        '2 november 2026',
      ],
      [
        'Kalium',
        '4,1 mmol/LRättat 4 nov. 2026',
        '3,5–4,4 mmol/L',
        'Inom referensintervallet',
        '2 november 2026',
      ],
    ]);
    // the marks are words, in their own colours
    const preliminary = canvas.getAllByText('Preliminärt')[0]!;
    await expect(preliminary).toHaveAttribute('data-variant', 'warning');
    await expect(canvas.getByText('Rättat 4 nov. 2026')).toBeVisible();
  },
};

/** Text results as text, the latest per analysis, without a trend. */
export const Textsvar: Story = {
  name: 'Provsvar i text',
  play: async ({ canvas, userEvent }) => {
    await expect(
      await rows({ canvas, userEvent }, 'Provsvar i text, det senaste för varje analys'),
    ).toEqual([
      ['Blodgrupp', 'A RhD positiv', '12 maj 2026'],
      ['Urinsticka, nitrit', 'Negativ', 'november 2026'],
      ['Odling, urin', 'Växt av E. coli, >100 000 CFU/mLPreliminärt', '2 november 2026'],
    ]);
    await expect(canvas.queryByRole('heading', { level: 3, name: 'Blodgrupp' })).toBeNull();
  },
};

/** Blood pressure: one trend, systolic and diastolic lines in the same chart. */
export const Blodtryck: Story = {
  name: 'Blodtryck som en trend',
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', { level: 3, name: 'Blodtryck' }, ALL_PARTS);
    const card = within(heading.closest('article')!);
    await expect(
      card.getByText('3 mätningar från 10 mars 2026 till 2 november 2026.'),
    ).toBeVisible();
    const legend = card.getByRole('list', { name: 'Linjer i diagrammet' });
    await expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Systoliskt blodtryck (heldragen)', 'Diastoliskt blodtryck (streckad)']);
    await expect(await rows({ canvas, userEvent }, 'Blodtryck: alla värden, äldst först')).toEqual([
      ['10 mars 2026', '135 mm[Hg]', '88 mm[Hg]'],
      ['12 maj 2026', '128 mm[Hg]', '82 mm[Hg]'],
      ['2 november 2026', '146 mm[Hg]↑Högt enligt labbet', '92 mm[Hg]Avvikande enligt labbet'],
    ]);
    // no trend of its own for either component
    await expect(
      canvas.queryByRole('heading', { level: 3, name: 'Systoliskt blodtryck' }),
    ).toBeNull();
    // the chart is drawn once it comes near the screen
    const chart = heading.closest('article')!.querySelector('[data-testid="trend-chart"]')!;
    chart.scrollIntoView();
    await waitFor(() => expect(chart.querySelector('canvas')).not.toBeNull(), {
      timeout: 15_000,
    });
    // one value of eGFR and Kalium so far: no trend yet (the line comes with the last trend card,
    // before her files: the page draws its parts one at a time, issue 39)
    await canvas.findByRole('heading', { level: 2, name: 'Dina filer' }, ALL_PARTS);
    await expect(
      canvas.getByText(
        'Bara ett värde hittills för eGFR, Kalium. Utvecklingen visas när det finns fler provsvar.',
      ),
    ).toBeVisible();
  },
};

/** A trend across a year-only and a month-only date; the comparator kept in its table. */
export const DelvisaDatum: Story = {
  name: 'Delvisa datum och jämförelser i trenden',
  play: async ({ canvas, userEvent }) => {
    const heading = await canvas.findByRole('heading', { level: 3, name: 'Vitamin D' }, ALL_PARTS);
    const card = within(heading.closest('article')!);
    await expect(
      card.getByText(
        '2 värden från 2025 till november 2026. Referensintervall: 50–250 nmol/L. Det skuggade fältet visar referensintervallet.',
      ),
    ).toBeVisible();
    await expect(await rows({ canvas, userEvent }, 'Vitamin D: alla värden, äldst först')).toEqual([
      ['2025', '41 nmol/L', '↓Under referensintervallet'],
      ['november 2026', '62 nmol/L', 'Inom referensintervallet'],
    ]);
    await expect(await rows({ canvas, userEvent }, 'CRP: alla värden, äldst först')).toEqual([
      ['12 maj 2026', '6 mg/L', '↑Över referensintervallet'],
      ['2 november 2026', '<1 mg/L', 'Inom referensintervallet'],
    ]);
    await expect(
      await rows({ canvas, userEvent }, 'Hemoglobin (Hb): alla värden, äldst först'),
    ).toEqual([
      ['12 maj 2026', '138 g/L', 'Inom referensintervallet'],
      ['2 november 2026', '131 g/LPreliminärt', 'Inom referensintervallet'],
    ]);
  },
};
