import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { journalScenarios, mockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { ClientOverviewTab, NO_SIGNED_NOTE } from './client-overview';

const now = new Date('2026-11-24T12:00:00Z');
const client = (id: number) => mockState.clients.find((c) => c.id === id)!;

const meta = {
  title: 'Klienter/Översikt',
  component: ClientOverviewTab,
  render: (args) => <ClientOverviewTab {...args} client={client(3)} now={now} />,
  args: { client: undefined as never },
} satisfies Meta<typeof ClientOverviewTab>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every field filled in, and the latest signed note as its text (spec §2.6). */
export const Fullstandig: Story = {
  name: 'Fullständig',
  play: async ({ canvas }) => {
    for (const title of ['Personuppgifter', 'Kontakt']) {
      await expect(canvas.getByText(title)).toBeVisible();
    }
    await expect(canvas.getByText('Storgatan 12', { exact: false })).toBeVisible();
    await expect(await canvas.findByText(/Hälsosamtal genomfört/)).toBeVisible();
    await expect(canvas.queryByText(NO_SIGNED_NOTE)).toBeNull();
  },
};

/** Missing address and phone read 'N/A'; no signed note says so. */
export const SaknadeUppgifter: Story = {
  name: 'Saknade uppgifter',
  render: (args) => <ClientOverviewTab {...args} client={client(8)} now={now} />,
  parameters: mocks(journalScenarios.empty),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('N/A').length).toBeGreaterThanOrEqual(2);
    await expect(await canvas.findByText(NO_SIGNED_NOTE)).toBeVisible();
  },
};
