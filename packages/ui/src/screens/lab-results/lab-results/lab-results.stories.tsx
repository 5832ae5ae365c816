import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FakeLiveClient, FakeLiveProvider, LiveDestinations } from '@halsa/api/live';
import { authScenarios, labScenarios, mockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { LabResultsScreen } from './lab-results';
import { ALL_PARTS } from './all-parts';

const meta = {
  title: 'Provsvar/Mina provsvar',
  component: LabResultsScreen,
  parameters: {
    route: { path: '/lab-results', url: '/lab-results' },
    ...mocks(authScenarios.asUser),
  },
} satisfies Meta<typeof LabResultsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

/** The body rows of the latest-values table, as [analysis, value, range, flag, date]. */
async function latestRows(canvas: Canvas): Promise<string[][]> {
  const table = await canvas.findByRole('table', { name: 'Senaste värdet för varje analys' });
  // the trend cards and then the files follow the table, a frame apart (issue 39)
  await canvas.findByRole('heading', { level: 2, name: 'Dina filer' }, ALL_PARTS);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

/** At 320 px every flag badge stays inside its analysis' card and the screen (issue 35). */
export const MobilBedomningRyms: Story = {
  name: 'Mobil (320 px): bedömningen ryms i kortet',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Senaste värdet för varje analys' });
    // every row: the values come a few rows a frame, the files last (issue 39)
    await canvas.findByRole('heading', { level: 2, name: 'Dina filer' }, ALL_PARTS);
    const badges = [...table.querySelectorAll<HTMLElement>('[data-flag]')];
    await expect(badges.length).toBeGreaterThan(1);
    for (const badge of badges) {
      const b = badge.getBoundingClientRect();
      const card = badge.closest('tr')!.getBoundingClientRect();
      await expect(b.right).toBeLessThanOrEqual(card.right + 0.5);
      await expect(b.left).toBeGreaterThanOrEqual(card.left - 0.5);
      await expect(b.right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};

/** Visiting the page reads her 'Nya provsvar' notices (issue 35); other kinds stay unread. */
export const NotisenBlirLast: Story = {
  name: 'Besöket läser notisen om nya provsvar',
  play: async ({ canvas }) => {
    const status = (id: number) => mockState.notifications.find((n) => n.id === id)?.status;
    await expect(status(101)).toBe('UNREAD');
    await canvas.findByRole('table', { name: 'Senaste värdet för varje analys' });
    await waitFor(() => expect(status(101)).toBe('READ'));
    await expect(status(102)).toBe('UNREAD'); // ACTION_PLAN
    await expect(status(104)).toBe('UNREAD'); // APPOINTMENT
  },
};

/** Her page: values in and out of range and without a range, trends, files; the newest is new. */
export const Provsvar: Story = {
  name: 'Provsvar',
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Provsvar' })).toBeVisible();
    await expect(await latestRows(canvas)).toEqual([
      ['Hemoglobin (Hb)', '142 g/L', '117–153 g/L', 'Inom referensintervallet', '2 november 2026'],
      [
        'Kolesterol',
        '6,4 mmol/L',
        'högst 5 mmol/L',
        '↑Över referensintervallet',
        '2 november 2026',
      ],
      ['Ferritin', '12 µg/L', '15–150 µg/L', '↓Under referensintervallet', '1 oktober 2026'],
      ['Vitamin D', '48,5 nmol/L', 'Saknas', 'Ingen bedömning', '2 november 2026'],
    ]);
    // out of range: in words and in the danger colour; in range: success; no range: no flag
    const high = canvas.getAllByText('Över referensintervallet')[0]!.closest('[data-flag]')!;
    await expect(high).toHaveAttribute('data-variant', 'danger');
    const ok = canvas.getAllByText('Inom referensintervallet')[0]!.closest('[data-flag]')!;
    await expect(ok).toHaveAttribute('data-variant', 'success');

    // trends: Hemoglobin across three uploads and Kolesterol across two; one value for the rest
    await expect(canvas.getByRole('heading', { level: 3, name: 'Hemoglobin (Hb)' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 3, name: 'Kolesterol' })).toBeVisible();
    await expect(
      canvas.getByText(
        'Bara ett värde hittills för Ferritin, Vitamin D. Utvecklingen visas när det finns fler provsvar.',
      ),
    ).toBeVisible();
    // the chart chunk loads when the trend comes near the screen: first run may take a while
    canvas.getAllByTestId('trend-chart')[0]!.scrollIntoView();
    await waitFor(
      () => expect(canvas.getAllByTestId('trend-chart')[0]!.querySelector('canvas')).not.toBeNull(),
      { timeout: 15_000 },
    );
    // the table alternative, drawn when asked for
    await expect(
      canvas.queryByRole('table', { name: /alla värden, äldst först$/, hidden: true }),
    ).toBeNull();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Visa som tabell (Hemoglobin (Hb))' }),
    );
    const hb = canvas.getByRole('table', { name: 'Hemoglobin (Hb): alla värden, äldst först' });
    await expect(within(hb).getAllByRole('row')).toHaveLength(4);
    await expect(within(hb).getByText('160 g/L')).toBeInTheDocument();

    // files newest first, the newest marked new; an unreadable file says so
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items.map((li) => li.querySelector('.font-medium')?.textContent)).toEqual([
      'Provsvar_2026-11-02.csvNy',
      'Blodprov_2026-10-12.pdf',
      'Provsvar_2026-10-01.json',
      'Provsvar_2026-09-20.csv',
      'Provsvar_2026-04-08.csv',
    ]);
    await expect(
      canvas.getByText(
        'Värdena i filen kunde inte läsas: rad 3: värdet "<5" är inget tal. Filen finns kvar att ladda ner.',
      ),
    ).toBeVisible();
  },
};

/** Opening the newest file clears its 'Ny' mark; the server is told. */
export const NyFilOppnas: Story = {
  name: 'Ny fil öppnas',
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Ny', undefined, ALL_PARTS)).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Ladda ner Provsvar_2026-11-02.csv' }),
    );
    await waitFor(() => expect(canvas.queryByText('Ny')).toBeNull());
    await waitFor(() => expect(mockState.labResults[3]!.files[0]!.openedAt).not.toBeNull());
  },
};

/** A PDF opens in the page in the browser's own viewer, and closes again. */
export const PdfVisas: Story = {
  name: 'PDF visas',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Visa Blodprov_2026-10-12.pdf' }, ALL_PARTS),
    );
    const frame = await canvas.findByTitle('PDF: Blodprov_2026-10-12.pdf');
    await expect(frame.getAttribute('src')).toMatch(/^blob:/);
    await userEvent.click(canvas.getByRole('button', { name: 'Stäng Blodprov_2026-10-12.pdf' }));
    await waitFor(() => expect(canvas.queryByTitle('PDF: Blodprov_2026-10-12.pdf')).toBeNull());
  },
};

/** The trend's table shown to everyone on request. */
export const TrendSomTabell: Story = {
  name: 'Trend som tabell',
  play: async ({ canvas, userEvent }) => {
    const toggle = await canvas.findByRole(
      'button',
      { name: 'Visa som tabell (Hemoglobin (Hb))' },
      ALL_PARTS,
    );
    await userEvent.click(toggle);
    await expect(
      canvas.getByRole('button', { name: 'Dölj tabellen (Hemoglobin (Hb))' }),
    ).toHaveAttribute('aria-expanded', 'true');
    await expect(
      canvas.getByRole('table', { name: 'Hemoglobin (Hb): alla värden, äldst först' }),
    ).toBeVisible();
  },
};

/** One upload: every analysis has one value, all in range; no chart yet. */
export const EttProvsvar: Story = {
  name: 'Ett provsvar',
  parameters: mocks(authScenarios.asUser, labScenarios.oneUpload),
  play: async ({ canvas }) => {
    await expect(await latestRows(canvas)).toEqual([
      ['Hemoglobin (Hb)', '142 g/L', '117–153 g/L', 'Inom referensintervallet', '2 november 2026'],
      ['Glukos', '5,1 mmol/L', '4–6 mmol/L', 'Inom referensintervallet', '2 november 2026'],
    ]);
    await expect(canvas.queryByTestId('trend-chart')).toBeNull();
    await expect(
      canvas.getByText(
        'Bara ett värde hittills för Hemoglobin (Hb), Glukos. Utvecklingen visas när det finns fler provsvar.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByText('Ny')).toBeNull();
  },
};

/** Only PDF files: no values, the files listed, the newest new. */
export const BaraDokument: Story = {
  name: 'Bara dokument',
  parameters: mocks(authScenarios.asUser, labScenarios.documentsOnly),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('button', { name: 'Ladda ner Blodprov_2026-10-12.pdf' }, ALL_PARTS),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Senaste värden' })).toBeNull();
    await expect(canvas.getByText('Ny')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Visa / })).toHaveLength(2);
  },
};

/** Two years of monthly uploads: 24 points per trend, 24 files. */
export const Manga: Story = {
  name: 'Många',
  parameters: mocks(authScenarios.asUser, labScenarios.many),
  play: async ({ canvas, userEvent }) => {
    await latestRows(canvas);
    const list = canvas.getByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(24);
    await userEvent.click(canvas.getByRole('button', { name: 'Visa som tabell (Glukos)' }));
    const table = canvas.getByRole('table', { name: 'Glukos: alla värden, äldst först' });
    await expect(within(table).getAllByRole('row')).toHaveLength(25);
    await waitFor(() => expect(canvas.getAllByTestId('trend-chart')).toHaveLength(4));
    // The shaded band is explained only where there is a range to shade.
    const trend = (name: string) =>
      canvas.getByRole('heading', { level: 3, name }).closest('article')!;
    await expect(trend('Glukos')).toHaveTextContent(
      'Referensintervall: 4–6 mmol/L. Det skuggade fältet visar referensintervallet.',
    );
    await expect(trend('Vitamin D')).toHaveTextContent('Referensintervall: Saknas.');
    await expect(trend('Vitamin D')).not.toHaveTextContent('skuggade');
  },
};

export const Tom: Story = {
  name: 'Tom',
  parameters: mocks(authScenarios.asUser, labScenarios.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Inga provsvar ännu')).toBeVisible();
    await expect(
      canvas.getByText('När mottagningen har laddat upp dina provsvar visas de här.'),
    ).toBeVisible();
  },
};

/** The server fails without a message: the call's Swedish fallback (spec §8). */
export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(authScenarios.asUser, labScenarios.error(500)),
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Kunde inte hämta provsvar');
  },
};

export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(authScenarios.asUser, labScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar provsvar…')).toBeInTheDocument();
  },
};

/** A download fails: a Swedish message, the page stays. */
export const NedladdningMisslyckas: Story = {
  name: 'Nedladdningen misslyckas',
  parameters: mocks(
    authScenarios.asUser,
    labScenarios.error(500).filter((h) => h.info.header.includes('download')),
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Ladda ner Blodprov_2026-10-12.pdf' }, ALL_PARTS),
    );
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Kunde inte ladda ner filen');
    await expect(canvas.getByRole('heading', { name: 'Senaste värden' })).toBeVisible();
  },
};

const live = new FakeLiveClient();

/** A LAB_RESULT notice arriving live brings the new file in, marked new, without a reload. */
export const NyttProvsvarIRealtid: Story = {
  name: 'Nytt provsvar i realtid',
  decorators: [
    (Story) => (
      <FakeLiveProvider live={live}>
        <Story />
      </FakeLiveProvider>
    ),
  ],
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', undefined, ALL_PARTS);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    const overview = mockState.labResults[3]!;
    overview.files = [
      {
        fileName: 'Blodprov_2026-11-21.pdf',
        timestamp: '2026-11-21T09:00:00.000Z',
        mimeType: 'application/pdf',
        format: 'PDF',
        valuesStatus: 'NONE',
        note: null,
        openedAt: null,
      },
      ...overview.files,
    ];
    live.emit(LiveDestinations.notifications, {
      id: 402,
      status: 'UNREAD',
      type: 'LAB_RESULT',
      message: 'Nya provsvar finns att läsa.',
      timestamp: '2026-11-21T09:00:00.000Z',
    });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(6));
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      'Blodprov_2026-11-21.pdfNy',
    );
  },
};
