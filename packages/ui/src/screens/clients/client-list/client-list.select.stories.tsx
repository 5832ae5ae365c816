// Selecting clients for an action on several (design §4.19: 'Skicka enkät' to the selected; the
// portal passes that action in from the questionnaires feature, here a stand-in that names them).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { displayName } from '@halsa/api';
import { STORY_NOW } from '../../../testing';
import { ClientListScreen } from './client-list';

const meta = {
  title: 'Klienter/Klientlista/Välja klienter',
  component: ClientListScreen,
  args: {
    now: STORY_NOW,
    bulkActions: (selected) => <p>{`Åtgärd för ${selected.map(displayName).join(', ')}`}</p>,
  },
  parameters: { route: { path: '/clients', url: '/clients' } },
} satisfies Meta<typeof ClientListScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two checked: the bar names the count and hands both to the action; 'Avmarkera alla' empties. */
export const TvaValda: Story = {
  name: 'Två valda',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Välj Anna Lindqvist' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Välj Lars Nilsson' }));
    const bar = canvas.getByRole('group', { name: 'Valda klienter' });
    await expect(bar).toHaveTextContent('2 valda klienter');
    await expect(bar).toHaveTextContent('Åtgärd för Anna Lindqvist, Lars Nilsson');
    await userEvent.click(canvas.getByRole('button', { name: 'Avmarkera alla' }));
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Valda klienter' })).toBeNull());
    await expect(canvas.getByRole('checkbox', { name: 'Välj Anna Lindqvist' })).not.toBeChecked();
  },
};

/** Nothing chosen: no bar. */
export const IngenVald: Story = {
  name: 'Ingen vald',
  play: async ({ canvas }) => {
    await canvas.findByRole('checkbox', { name: 'Välj Anna Lindqvist' });
    await expect(canvas.queryByRole('group', { name: 'Valda klienter' })).toBeNull();
  },
};
