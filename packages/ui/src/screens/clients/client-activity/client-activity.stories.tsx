import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { activityScenarios, authScenarios, mockState, resetMockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { ClientActivityTab } from './client-activity';

const meta = {
  title: 'Klienter/Aktivitet för klient',
  component: ClientActivityTab,
  render: () => <ClientActivityTab client={mockState.clients.find((c) => c.id === 3)!} />,
  args: { client: undefined as never },
} satisfies Meta<typeof ClientActivityTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The client's log in Swedish words, newest first, and the export for an ADMIN. */
export const Logg: Story = {
  name: 'Logg',
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    await expect(rows.length).toBeGreaterThan(0);
    await expect(rows[0]).toHaveTextContent('Visade journal');
    await expect(canvas.getByRole('combobox', { name: 'Exportintervall' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Exportera CSV' })).toBeEnabled();
  },
};

/** Nothing logged for this client. */
export const Tom: Story = {
  name: 'Tom',
  parameters: mocks(activityScenarios.empty),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Ingen aktivitet hittades för denna användaren.'),
    ).toBeVisible();
  },
};

/** The log cannot be fetched. */
export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(activityScenarios.error(500, 'Kunde inte hämta loggar')),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Kunde inte hämta loggar');
  },
};

/** An ADMIN exports the last 3 months. */
export const Export: Story = {
  name: 'Export',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table');
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Exportintervall' }),
      '3man',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Exportera CSV' }));
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The export fails: a Swedish message. */
export const ExportMisslyckas: Story = {
  name: 'Exporten misslyckas',
  parameters: mocks(activityScenarios.exportFailure),
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('table');
    await userEvent.click(canvas.getByRole('button', { name: 'Exportera CSV' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Kunde inte exportera loggar');
  },
};

/** STAFF reads the log but exports nothing (spec §6). */
export const Personal: Story = {
  name: 'Personal',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await canvas.findByRole('table');
    await expect(canvas.queryByRole('button', { name: 'Exportera CSV' })).toBeNull();
  },
};

/** Waiting for the client's log. */
export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(activityScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar aktivitet…')).toBeInTheDocument();
  },
};

/** A long log of one client: 25 rows a page, newest first, 'Nyare' and 'Äldre'. */
export const MangaSidor: Story = {
  name: 'Många sidor',
  beforeEach: () => {
    resetMockState();
    const client = mockState.clients.find((c) => c.id === 3)!;
    mockState.activityLogs = Array.from({ length: 60 }, (_, i) => ({
      id: 10_000 + i,
      action: i === 0 ? 'CLIENT_VIEWED' : 'LAB_RESULTS_VIEWED',
      performedByName: 'Erik Johansson',
      timestamp: new Date(Date.UTC(2026, 10, 20, 12) - i * 60_000).toISOString(),
      subjectUserName: `${client.firstName} ${client.lastName}`,
      ipAddress: `192.168.10.${i}`,
    }));
  },
  play: async ({ canvas, userEvent }) => {
    const rows = async () =>
      within(await canvas.findByRole('table'))
        .getAllByRole('row')
        .slice(1);
    await expect(await rows()).toHaveLength(25);
    await expect((await rows())[0]).toHaveTextContent('192.168.10.0');
    await expect(canvas.getByText('Sida 1 av 3')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Äldre' }));
    await expect(await canvas.findByText('Sida 2 av 3')).toBeVisible();
    await waitFor(async () => expect((await rows())[0]).toHaveTextContent('192.168.10.25'));
  },
};
