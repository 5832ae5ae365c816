import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { HttpResponse } from 'msw';
import {
  answer,
  authScenarios,
  errorResponse,
  mockReport,
  reportScenarios,
} from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { ReportsScreen } from './reports';

// The mocks' figures are steady, counted back from MOCK_NOW (21 November 2026, 11:00).
const meta = {
  title: 'Rapporter/Rapporter',
  component: ReportsScreen,
  parameters: { route: { path: '/reports', url: '/reports' } },
} satisfies Meta<typeof ReportsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];
type Play = Pick<Parameters<NonNullable<Story['play']>>[0], 'canvas' | 'userEvent'>;

/** The value shown under a summary label. */
const summaryValue = (canvas: Canvas, label: string) =>
  within(canvas.getByRole('region', { name: 'Sammanfattning' }))
    .getByText(label, { selector: 'dt' })
    .parentElement!.querySelector('dd')!;

/** The body rows of a figure's table, shown first ('Visa som tabell') when it is not. */
async function tableRows({ canvas, userEvent }: Play, figure: string) {
  const article = within(canvas.getByRole('article', { name: figure }));
  const show = article.queryByRole('button', { name: `Visa som tabell (${figure})` });
  if (show) await userEvent.click(show);
  return within(article.getByRole('table')).getAllByRole('row').slice(1);
}

/** The last 30 days by day: the summary, six figures, each with a chart and its table. */
export const MedData: Story = {
  name: 'Med data',
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Rapporter' })).toBeVisible();
    await expect(
      await canvas.findByText(/^Perioden 22 oktober 2026 – 21 november 2026, per dag/),
    ).toBeVisible();
    await expect(summaryValue(canvas, 'Nya klienter')).toHaveTextContent('73');
    await expect(summaryValue(canvas, 'Aktiva klienter')).toHaveTextContent('20');
    await expect(summaryValue(canvas, 'Meddelanden från klienter')).toHaveTextContent('339');
    await expect(summaryValue(canvas, 'Meddelanden från personal')).toHaveTextContent('308');
    await expect(summaryValue(canvas, 'Median svarstid')).toHaveTextContent('1 tim 35 min');
    await expect(summaryValue(canvas, 'Uppladdade provsvar')).toHaveTextContent('91');
    await expect(summaryValue(canvas, 'Uppladdade handlingsplaner')).toHaveTextContent('31');
    await expect(summaryValue(canvas, 'Signerade journalanteckningar')).toHaveTextContent('122');
    await expect(canvas.getAllByRole('article')).toHaveLength(6);
    await expect(
      canvas.getByText(
        'Median 1 tim 35 min från en klients meddelande till personalens första svar, över 122 besvarade meddelanden.',
      ),
    ).toBeVisible();

    // Each table is drawn when asked for, for everyone alike.
    const messages = canvas.getByRole('article', { name: 'Meddelanden' });
    await expect(within(messages).queryByRole('table', { hidden: true })).toBeNull();
    const rows = await tableRows({ canvas, userEvent }, 'Meddelanden');
    await expect(rows).toHaveLength(31);
    await expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('22 okt. 2026');
    await expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9', '8']);
    await expect(within(messages).getByRole('table')).toBeVisible();
    await expect(
      within(messages).getByRole('columnheader', { name: 'Från personal' }),
    ).toBeVisible();
    await expect(
      within(messages).getByRole('button', { name: 'Dölj tabellen (Meddelanden)' }),
    ).toHaveAttribute('aria-expanded', 'true');

    // The second line is named by its style in the legend, not by its colour alone.
    await expect(
      within(messages).getByText('Från personal (streckad)', { exact: false }),
    ).toBeInTheDocument();
    await waitFor(
      () => expect(messages.querySelector('[data-testid="report-chart"] canvas')).not.toBeNull(),
      {
        timeout: 10_000,
      },
    );
  },
};

/** Another period: two weeks by day, and three months by week. */
export const BytPeriod: Story = {
  name: 'Byt period',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: 'Sammanfattning' });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Period' }), '2veckor');
    await expect(
      await canvas.findByText(/^Perioden 7 november 2026 – 21 november 2026, per dag/),
    ).toBeVisible();
    await expect(await tableRows({ canvas, userEvent }, 'Nya klienter')).toHaveLength(15);
    await expect(summaryValue(canvas, 'Nya klienter')).toHaveTextContent('36');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Period' }), '3man');
    await expect(await canvas.findByText(/per vecka\.$/)).toBeVisible();
    const weeks = await tableRows({ canvas, userEvent }, 'Nya klienter');
    await expect(weeks).toHaveLength(14);
    await expect(weeks[0]).toHaveTextContent('Vecka 34, 17 aug. 2026');
    await expect(canvas.getByRole('option', { name: '3 månader' })).toHaveProperty(
      'selected',
      true,
    );
  },
};

/** Alla: three years by month, 37 rows in every table. */
export const MangaManader: Story = {
  name: 'Många månader',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: 'Sammanfattning' });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Period' }), 'all');
    await expect(
      await canvas.findByText(/^Perioden 1 november 2023 – 21 november 2026, per månad/),
    ).toBeVisible();
    const rows = await tableRows({ canvas, userEvent }, 'Signerade journalanteckningar');
    await expect(rows).toHaveLength(37);
    await expect(rows[0]).toHaveTextContent('november 2023');
    await expect(rows[36]).toHaveTextContent('november 2026');
    await expect(canvas.getAllByRole('columnheader', { name: 'Månad' })).toHaveLength(1);
  },
};

/** Opened on Alla: 37 months, the axis names only as many months as fit. */
export const AllaManader: Story = {
  name: 'Alla månader',
  args: { initialInterval: 'all' },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText(/per månad\.$/)).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Period' })).toHaveValue('all');
    await expect(await tableRows({ canvas, userEvent }, 'Uppladdningar')).toHaveLength(37);
  },
};

/** A period without any figures: one line says so, the period can be changed. */
export const Tom: Story = {
  name: 'Tom',
  parameters: mocks(reportScenarios.empty),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Inga händelser under perioden.' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('article')).toBeNull();
    await expect(canvas.getByRole('combobox', { name: 'Period' })).toBeEnabled();
  },
};

export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(reportScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar rapporten…')).toBeInTheDocument();
  },
};

/** The figures fail without a message: the call's Swedish fallback, and a way to try again. */
export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(reportScenarios.error(500)),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Kunde inte hämta rapporten');
    await expect(within(alert).getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};

let failures = 0;
/** The first try fails, 'Försök igen' brings the figures. */
export const FelSedanForsokIgen: Story = {
  name: 'Fel, sedan försök igen',
  beforeEach: () => {
    failures = 0;
  },
  parameters: mocks([answer('reports', () => (failures++ === 0 ? errorResponse(503) : undefined))]),
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    await expect(await canvas.findByRole('heading', { name: 'Sammanfattning' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** STAFF runs reports and exports them too (counts only, no client's data). */
export const PersonalExporterar: Story = {
  name: 'Personal exporterar',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: 'Sammanfattning' });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Period' }), '1ar');
    await userEvent.click(canvas.getByRole('button', { name: 'Exportera CSV' }));
    await expect(await canvas.findByRole('button', { name: 'Exportera CSV' })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The export fails without a message: the call's Swedish fallback (spec §8). */
export const ExportMisslyckas: Story = {
  name: 'Exporten misslyckas',
  parameters: mocks(reportScenarios.exportFailure),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { name: 'Sammanfattning' });
    await userEvent.click(canvas.getByRole('button', { name: 'Exportera CSV' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kunde inte exportera rapporten',
    );
  },
};

/** A report whose replies all wait: no median, the reply-time figure says so. */
export const UtanSvar: Story = {
  name: 'Utan svar',
  parameters: mocks([
    answer('reports', () => {
      const r = mockReport('30dagar');
      const none = { medianReplySeconds: null, repliedMessages: 0 };
      return HttpResponse.json({
        ...r,
        totals: { ...r.totals, ...none },
        buckets: r.buckets.map((b) => ({ ...b, ...none })),
      });
    }),
  ]),
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByText('Inga besvarade meddelanden under perioden.'),
    ).toBeVisible();
    await expect(summaryValue(canvas, 'Median svarstid')).toHaveTextContent('–');
    await expect((await tableRows({ canvas, userEvent }, 'Svarstid'))[0]).toHaveTextContent('–');
  },
};
