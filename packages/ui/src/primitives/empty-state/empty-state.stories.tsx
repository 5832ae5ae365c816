import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { FileIcon } from '../../lib/icons';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Primitiver/Tomt läge',
  component: EmptyState,
  parameters: { layout: 'padded' },
  args: { title: 'Inga nya notiser' },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  name: 'Standard',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Inga nya notiser' })).toBeVisible();
  },
};

const startConversation = fn();

export const MedAtgard: Story = {
  name: 'Med åtgärd',
  args: {
    title: 'Inga konversationer',
    description: 'Du har inga konversationer, starta en ny konversation!',
    action: <Button onClick={startConversation}>Ny konversation</Button>,
    headingLevel: 3,
  },
  play: async ({ canvas, userEvent }) => {
    await expect(
      canvas.getByRole('heading', { level: 3, name: 'Inga konversationer' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('Du har inga konversationer, starta en ny konversation!'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Ny konversation' }));
    await expect(startConversation).toHaveBeenCalled();
  },
};

export const EgenIkon: Story = {
  name: 'Egen ikon',
  args: {
    title: 'Inga provsvar än',
    description: 'När vi har fått dina provsvar visas de här.',
    icon: <FileIcon className="size-6" />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('När vi har fått dina provsvar visas de här.')).toBeVisible();
  },
};

export const UtanIkon: Story = {
  name: 'Utan ikon',
  args: { title: 'Ingen aktivitet hittades för denna användaren.', icon: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('svg')).toBeNull();
  },
};
