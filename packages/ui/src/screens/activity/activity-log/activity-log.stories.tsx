import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { ActivityLog } from '@halsa/api';
import {
  activityScenarios,
  authScenarios,
  mockState,
  resetMockState,
  staffFixtures,
} from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { ActivityLogScreen } from './activity-log';

const meta = {
  title: 'Aktivitet/Aktivitetslogg',
  component: ActivityLogScreen,
  parameters: { route: { path: '/activity', url: '/activity' } },
} satisfies Meta<typeof ActivityLogScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = async (canvas: { findByRole: (r: 'table') => Promise<HTMLElement> }) =>
  within(await canvas.findByRole('table'))
    .getAllByRole('row')
    .slice(1);

/** The whole log for an ADMIN, with filters and the export. */
export const Admin: Story = {
  name: 'Administratör',
  play: async ({ canvas }) => {
    const rows = await bodyRows(canvas);
    await expect(rows.length).toBeGreaterThan(3);
    await expect(canvas.getByRole('columnheader', { name: 'Berörd klient' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Exportera CSV' })).toBeVisible();
  },
};

/** Filtered to one action. */
export const FiltreradHandelse: Story = {
  name: 'Filtrerad händelse',
  play: async ({ canvas, userEvent }) => {
    await bodyRows(canvas);
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Händelse' }),
      'RESET_LINK_SENT',
    );
    await waitFor(async () => {
      const rows = await bodyRows(canvas);
      await expect(rows.every((r) => r.textContent?.includes('Skickade återställningslänk'))).toBe(
        true,
      );
    });
  },
};

/**
 * 'Utförd av' offers the staff (STAFF and ADMIN, the signed-in ADMIN too), never a client: the
 * screen asks `GET /api/v1/admin/staff`, not the whole register (design §4.13).
 */
export const UtfordAv: Story = {
  name: 'Utförd av',
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Utförd av' });
    const names = staffFixtures.map((s) => `${s.firstName} ${s.lastName}`);
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Alla personer', ...names]),
    );
    await expect(names).toEqual(['Erik Johansson', 'Maria Berg']);
  },
};

/** STAFF reads the log; only ADMIN exports. */
export const Personal: Story = {
  name: 'Personal',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await bodyRows(canvas);
    await expect(canvas.queryByRole('button', { name: 'Exportera CSV' })).toBeNull();
  },
};

export const Tom: Story = {
  name: 'Tom',
  parameters: mocks(activityScenarios.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Ingen aktivitet hittades.')).toBeVisible();
  },
};

export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(activityScenarios.error(500)),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kunde inte hämta aktivitetsloggen',
    );
  },
};

/** Waiting for the first page. */
export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(activityScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar aktivitet…')).toBeInTheDocument();
  },
};

const many = (): ActivityLog[] =>
  Array.from({ length: 120 }, (_, i) => ({
    id: 10_000 + i,
    action: 'CLIENT_VIEWED',
    performedByName: 'Erik Johansson',
    timestamp: new Date(Date.UTC(2026, 10, 20, 12) - i * 60_000).toISOString(),
    subjectUserName: `Klient${String(i + 1).padStart(3, '0')} Exempel`,
    ipAddress: '192.168.10.24',
  }));

/** A long log: 50 rows a page, newest first, 'Nyare' and 'Äldre'. */
export const MangaSidor: Story = {
  name: 'Många sidor',
  beforeEach: () => {
    resetMockState();
    mockState.activityLogs = many();
  },
  play: async ({ canvas, userEvent }) => {
    const first = await bodyRows(canvas);
    await expect(first).toHaveLength(50);
    await expect(first[0]).toHaveTextContent('Klient001 Exempel');
    await expect(canvas.getByText('Sida 1 av 3')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Nyare' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Äldre' }));
    await expect(await canvas.findByText('Sida 2 av 3')).toBeVisible();
    await waitFor(async () =>
      expect((await bodyRows(canvas))[0]).toHaveTextContent('Klient051 Exempel'),
    );
  },
};

/** An ADMIN exports the last year; the button says so while it works. */
export const Export: Story = {
  name: 'Export',
  play: async ({ canvas, userEvent }) => {
    await bodyRows(canvas);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Exportintervall' }), '1ar');
    await userEvent.click(canvas.getByRole('button', { name: 'Exportera CSV' }));
    await expect(await canvas.findByRole('button', { name: 'Exportera CSV' })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The export fails without a message from the server: the call's Swedish fallback (spec §8). */
export const ExportMisslyckas: Story = {
  name: 'Exporten misslyckas',
  parameters: mocks(activityScenarios.exportFailure),
  play: async ({ canvas, userEvent }) => {
    await bodyRows(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Exportera CSV' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Kunde inte exportera loggar');
  },
};
