// The values under a client's 'Lab Resultat' tab as her coach and ADMIN see them (design §4.7,
// issue 35 item 1): the same values, flags, comparators, text results and trends as her own
// /lab-results, with her files; staff never mark a file opened for her. (The portal puts this
// block under the tab's upload and history, client-pages.tsx `labValues`; e2e covers the page.)
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  authScenarios,
  clientFixtures,
  labReportOverview,
  labScenarios,
  mockState,
} from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { ClientLabResults } from './client-lab-results';
import { ALL_PARTS } from '../lab-results/all-parts';

const meta = {
  title: 'Provsvar/Klientens provsvar för personal',
  component: ClientLabResults,
  args: { client: clientFixtures.find((c) => c.id === 3)! },
  parameters: {
    route: { path: '/clients/:clientId/*', url: '/clients/3/lab-data' },
    ...mocks(authScenarios.asStaff),
  },
} satisfies Meta<typeof ClientLabResults>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

async function latestRows(canvas: Canvas): Promise<string[][]> {
  const table = await canvas.findByRole('table', { name: 'Senaste värdet för varje analys' });
  // the trend cards and then the files follow the table, a frame apart (issue 39)
  await canvas.findByRole('heading', { level: 2, name: 'Filer' }, ALL_PARTS);
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? ''));
}

/** Her coach reads her latest values against the ranges and the trend of each analysis. */
export const PersonalSerVarden: Story = {
  name: 'Personal ser värden och utveckling',
  play: async ({ canvas, userEvent }) => {
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
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'Utveckling över tid' }),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Visa som tabell (Hemoglobin (Hb))' }),
    );
    const hb = canvas.getByRole('table', { name: 'Hemoglobin (Hb): alla värden, äldst först' });
    await expect(within(hb).getAllByRole('row')).toHaveLength(4);
    // her files beside them, without her 'Ny' mark
    await expect(canvas.getByRole('heading', { level: 2, name: 'Filer' })).toBeVisible();
    await expect(canvas.queryByText('Ny')).toBeNull();
  },
};

/** Downloading a file as staff leaves it unopened for her. */
export const PersonalLaddarNer: Story = {
  name: 'Personal laddar ner utan att markera filen öppnad',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Ladda ner Provsvar_2026-11-02.csv' }, ALL_PARTS),
    );
    await new Promise((r) => setTimeout(r, 300));
    await expect(mockState.labResults[3]!.files[0]!.openedAt).toBeNull();
  },
};

/** A lab's report: comparators as written, marks, the lab's own flags, for staff too. */
export const PersonalLabbrapport: Story = {
  name: 'Personal ser jämförelsetecken, preliminärt och rättat',
  beforeEach: () => {
    mockState.labResults[3] = structuredClone(labReportOverview);
  },
  play: async ({ canvas }) => {
    const rows = await latestRows(canvas);
    await expect(rows).toContainEqual([
      'CRP',
      '<1 mg/L',
      'högst 5 mg/L',
      'Inom referensintervallet',
      '2 november 2026',
    ]);
    await expect(rows).toContainEqual([
      'Hemoglobin (Hb)',
      '131 g/LPreliminärt',
      '117–153 g/L',
      'Inom referensintervallet',
      '2 november 2026',
    ]);
  },
};

/** ADMIN sees the same block. */
export const AdministratorSerVarden: Story = {
  name: 'Administratör ser samma värden',
  parameters: mocks(authScenarios.asAdmin),
  play: async ({ canvas }) => {
    await expect((await latestRows(canvas))[0]![0]).toBe('Hemoglobin (Hb)');
  },
};

/** No lab files for her yet. */
export const IngaProvsvar: Story = {
  name: 'Inga provsvar ännu',
  parameters: mocks(authScenarios.asStaff, labScenarios.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Inga provsvar ännu')).toBeVisible();
    await expect(
      canvas.getByText(
        'När provsvar har laddats upp för klienten visas värdena och utvecklingen här.',
      ),
    ).toBeVisible();
  },
};

/** The server fails without a message: the call's Swedish fallback. */
export const Fel: Story = {
  name: 'Provsvaren kunde inte hämtas',
  parameters: mocks(authScenarios.asStaff, labScenarios.error(500)),
  play: async ({ canvas }) => {
    const [title] = await canvas.findAllByText('Kunde inte hämta provsvar');
    await expect(title).toBeVisible();
  },
};
