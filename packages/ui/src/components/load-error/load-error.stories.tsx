import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { LoadError } from './load-error';

const meta = {
  title: 'Komponenter/Laddningsfel',
  component: LoadError,
  args: { onRetry: fn() },
} satisfies Meta<typeof LoadError>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A heading and the server's message; 'Försök igen' fetches again. */
export const MedRubrik: Story = {
  name: 'Med rubrik',
  args: {
    title: 'Kunde inte hämta klienter',
    children: 'Servern svarar inte just nu.',
  },
  play: async ({ args, canvas, userEvent }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Kunde inte hämta klienter');
    await expect(alert).toHaveTextContent('Servern svarar inte just nu.');
    await userEvent.click(canvas.getByRole('button', { name: 'Försök igen' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Only the message. */
export const UtanRubrik: Story = {
  name: 'Utan rubrik',
  args: { children: 'Kunde inte hämta journalen' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Kunde inte hämta journalen');
    await expect(canvas.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};
