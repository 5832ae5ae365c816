import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { authScenarios } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import { NoCareRelation } from './no-care-relation';

const meta = {
  title: 'Klienter/Ingen vårdrelation',
  component: NoCareRelation,
  args: { clientId: 7, onOpened: fn() },
  parameters: mocks(authScenarios.asStaff),
  decorators: [
    (Story) => (
      <main className="mx-auto max-w-3xl p-gutter">
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof NoCareRelation>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The server's message and 'Nödåtkomst', which opens the dialog; a reason opens the client. */
export const MedNodatkomst: Story = {
  name: 'Ingen vårdrelation, med nödåtkomst',
  play: async ({ args, canvas, userEvent }) => {
    await expect(
      canvas.getByRole('heading', { name: 'Du har ingen vårdrelation med klienten.' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Nödåtkomst' }));
    const d = within(await within(document.body).findByRole('dialog', { name: 'Nödåtkomst' }));
    await expect(d.getByText('Du är inte med i klientens vårdteam.')).toBeVisible();
    await userEvent.click(d.getByRole('radio', { name: 'Ersätter kollega' }));
    await userEvent.click(d.getByRole('button', { name: 'Öppna nödåtkomst' }));
    await waitFor(() => expect(args.onOpened).toHaveBeenCalledTimes(1));
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
  },
};
