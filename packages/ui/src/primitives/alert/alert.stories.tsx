import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Alert } from './alert';

const meta = {
  title: 'Primitiver/Meddelanderuta',
  component: Alert,
  parameters: { layout: 'padded' },
  args: { children: 'Dina provsvar från 12 mars finns nu under Provsvar.' },
  decorators: [
    (Story) => (
      <div className="max-w-xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Alert>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  name: 'Info',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Dina provsvar från 12 mars finns nu under Provsvar.',
    );
  },
};

export const Lyckad: Story = {
  name: 'Lyckad',
  args: { variant: 'success', children: 'Lösenord har uppdaterats!' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Lösenord har uppdaterats!');
  },
};

export const Varning: Story = {
  name: 'Varning',
  args: {
    variant: 'warning',
    children: 'Du har ingen konversation med Anna Svensson.',
    action: <a href="#ny-konversation">Starta en konversation</a>,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Du har ingen konversation med Anna Svensson.',
    );
    await expect(canvas.getByRole('link', { name: 'Starta en konversation' })).toBeVisible();
  },
};

export const Fel: Story = {
  name: 'Fel',
  args: {
    variant: 'error',
    title: 'Registreringen misslyckades',
    children: 'Kunde inte registrera användare.',
  },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Registreringen misslyckades');
    await expect(alert).toHaveTextContent('Kunde inte registrera användare.');
  },
};

export const Stangbar: Story = {
  name: 'Stängbar',
  args: { title: 'Ny funktion', onDismiss: fn() },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Stäng' }));
    await expect(args.onDismiss).toHaveBeenCalled();
  },
};
