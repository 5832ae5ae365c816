import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { activityScenarios, authScenarios } from '@halsa/api/mocks';
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
  play: async ({ canvas }) => {
    const rows = await bodyRows(canvas);
    await expect(rows.length).toBeGreaterThan(3);
    await expect(canvas.getByRole('columnheader', { name: 'Berörd klient' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Exportera CSV' })).toBeVisible();
  },
};

/** Filtered to one action. */
export const FiltreradHandelse: Story = {
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

/** STAFF reads the log; only ADMIN exports. */
export const Personal: Story = {
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await bodyRows(canvas);
    await expect(canvas.queryByRole('button', { name: 'Exportera CSV' })).toBeNull();
  },
};

export const Tom: Story = {
  parameters: mocks(activityScenarios.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Ingen aktivitet hittades.')).toBeVisible();
  },
};

export const Fel: Story = {
  parameters: mocks(activityScenarios.error(500)),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Kunde inte hämta aktivitetsloggen',
    );
  },
};
