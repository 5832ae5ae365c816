import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { mocks } from '../../../testing';
import { ActivityLogScreen } from './activity-log';

const meta = {
  title: 'Aktivitet/Aktivitetslogg/Från logguppföljning',
  component: ActivityLogScreen,
  parameters: { route: { path: '/activity', url: '/activity?performedBy=2&day=2026-11-20' } },
} satisfies Meta<typeof ActivityLogScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const bodyRows = async (canvas: { findByRole: (r: 'table') => Promise<HTMLElement> }) =>
  within(await canvas.findByRole('table'))
    .getAllByRole('row')
    .slice(1);

/** A person and a day from the URL: only Erik Johansson's rows of 20 november. */
export const PersonOchDag: Story = {
  name: 'Person och dag från adressen',
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Visar raderna från 20 november 2026.')).toBeVisible();
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Utförd av' })).toHaveValue('2'),
    );
    const rows = await bodyRows(canvas);
    await expect(rows.every((r) => r.textContent?.includes('Erik Johansson'))).toBe(true);
    await userEvent.click(canvas.getByRole('button', { name: 'Visa alla rader' }));
    await waitFor(() => expect(canvas.queryByText(/^Visar raderna från/)).toBeNull());
  },
};

/** One emergency access's rows; ADMIN finds 'Logguppföljning' in the header. */
export const EnNodatkomst: Story = {
  name: 'En nödåtkomsts rader',
  parameters: {
    route: { path: '/activity', url: '/activity?emergencyAccess=901' },
    ...mocks(),
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Visar raderna som skrevs under en nödåtkomst.'),
    ).toBeVisible();
    await expect(await canvas.findByRole('link', { name: 'Logguppföljning' })).toHaveAttribute(
      'href',
      '/activity/review',
    );
  },
};
