// Every state of the one save status, with the journal note's texts (and the forms builder's
// 'invalid'); the screens' stories show it driven by the real autosave queue.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { SaveStatus } from './save-status';

const meta = {
  title: 'Komponenter/Sparstatus',
  component: SaveStatus,
  args: {
    state: { kind: 'idle' },
    texts: {
      idle: 'Svaren sparas automatiskt.',
      offline: 'Ingen anslutning. Svaren finns kvar och sparas när anslutningen är tillbaka.',
      invalid: 'Rätta felen i formuläret så sparas ändringarna.',
    },
    onRetry: fn(),
  },
} satisfies Meta<typeof SaveStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

const status = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('status', { name: 'Sparstatus' });

/** Before the first change the page says that it saves by itself. */
export const Vilar: Story = {
  name: 'Sparas automatiskt',
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent('Svaren sparas automatiskt.');
  },
};

export const Sparar: Story = {
  name: 'Sparar',
  args: { state: { kind: 'saving' } },
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent('Sparar…');
  },
};

export const Sparat: Story = {
  name: 'Sparat',
  args: { state: { kind: 'saved' } },
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent(/^Sparat$/);
  },
};

/** Offline: the edit is kept, and 'Försök igen' sends it now. */
export const Offline: Story = {
  name: 'Ingen anslutning',
  args: { state: { kind: 'offline' } },
  play: async ({ args, canvasElement, userEvent }) => {
    const box = status(canvasElement);
    await expect(box).toHaveTextContent(
      'Ingen anslutning. Svaren finns kvar och sparas när anslutningen är tillbaka.',
    );
    await userEvent.click(within(box).getByRole('button', { name: 'Försök igen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Ogiltigt: Story = {
  name: 'Fel i formuläret',
  args: { state: { kind: 'invalid' } },
  play: async ({ canvasElement }) => {
    const box = status(canvasElement);
    await expect(box).toHaveTextContent('Rätta felen i formuläret så sparas ändringarna.');
    await expect(within(box).queryByRole('button')).toBeNull();
  },
};

export const Misslyckades: Story = {
  name: 'Misslyckades',
  args: { state: { kind: 'failed', message: 'Misslyckades att spara anteckningen' } },
  play: async ({ canvasElement }) => {
    const box = status(canvasElement);
    await expect(box).toHaveTextContent('Misslyckades att spara anteckningen');
    await expect(within(box).getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};

/** A conflict stops saving: the server's message, no retry. */
export const Konflikt: Story = {
  name: 'Konflikt',
  args: {
    state: {
      kind: 'conflict',
      message:
        'Anteckningen har ändrats av någon annan. Ladda om sidan för att se den senaste versionen.',
    },
  },
  play: async ({ canvasElement }) => {
    const box = status(canvasElement);
    await expect(box).toHaveTextContent('Anteckningen har ändrats av någon annan.');
    await expect(within(box).queryByRole('button')).toBeNull();
  },
};

/** A page that shows the conflict in its own alert leaves the status empty. */
export const KonfliktVisasOvanfor: Story = {
  name: 'Konflikt visas ovanför',
  args: {
    state: { kind: 'conflict', message: 'Formuläret har ändrats av någon annan.' },
    conflictShownElsewhere: true,
  },
  play: async ({ canvasElement }) => {
    await expect(status(canvasElement)).toHaveTextContent(/^$/);
  },
};
