import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { Notification } from '@halsa/api/contract';
import { notificationFixtures } from '@halsa/api/mocks/fixtures/notifications';
import { NotificationPanel } from './notification-panel';

const allRead: Notification[] = notificationFixtures.map((n) => ({ ...n, status: 'READ' }));

const meta = {
  title: 'Notiser/Notispanel',
  component: NotificationPanel,
  args: {
    notifications: notificationFixtures,
    onSelect: fn(),
    onMarkAllRead: fn(),
    onClose: fn(),
  },
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NotificationPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const MedOlasta: Story = {
  name: 'Med olästa',
  play: async ({ canvas, args, userEvent }) => {
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    await expect(within(panel).getByRole('heading', { name: 'Notiser' })).toBeVisible();
    await expect(
      within(panel).getByRole('button', { name: 'Markera alla som lästa' }),
    ).toBeEnabled();
    const items = within(panel).getAllByRole('listitem');
    await expect(items).toHaveLength(5);
    // Newest first, unread ones say 'Oläst'.
    await expect(items[0]).toHaveTextContent('Nya provsvar finns att läsa.');
    await expect(items[0]).toHaveTextContent('20 nov.');
    await expect(within(items[0] as HTMLElement).getByText('Oläst')).toBeInTheDocument();
    await expect(within(panel).getAllByTestId('unread-dot')).toHaveLength(3);
    await expect(within(panel).getAllByText('Oläst')).toHaveLength(3);
    const read = within(panel).getByRole('button', { name: /journalanteckning har signerats/ });
    await expect(within(read).queryByText('Oläst')).toBeNull();

    await userEvent.click(
      within(panel).getByRole('button', { name: /handlingsplan har uppdaterats/ }),
    );
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 102 }));
    await expect(
      within(panel).getByRole('link', { name: 'Inställningar för notiser' }),
    ).toHaveAttribute('href', '/profile/notifications');
  },
};

export const AllaLasta: Story = {
  name: 'Alla lästa',
  args: { notifications: allRead },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Markera alla som lästa' })).toBeDisabled();
    await expect(canvas.queryByText('Oläst')).toBeNull();
    await expect(canvas.queryByTestId('unread-dot')).toBeNull();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
  },
};

export const Tom: Story = {
  name: 'Inga notiser',
  args: { notifications: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Inga nya notiser')).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Markera alla som lästa' })).toBeDisabled();
    await expect(canvas.getByRole('link', { name: 'Inställningar för notiser' })).toBeVisible();
  },
};

export const Laddar: Story = {
  name: 'Laddar',
  args: { notifications: undefined, isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Hämtar notiser…');
    await expect(canvas.getByRole('button', { name: 'Markera alla som lästa' })).toBeDisabled();
  },
};

export const MarkeraAlla: Story = {
  name: 'Markera alla som lästa',
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Markera alla som lästa' }));
    await expect(args.onMarkAllRead).toHaveBeenCalledOnce();
  },
};

export const Markerar: Story = {
  name: 'Markerar alla',
  args: { markingAll: true },
  play: async ({ canvas, args, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Markerar…' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onMarkAllRead).not.toHaveBeenCalled();
  },
};

export const Stang: Story = {
  name: 'Stäng',
  play: async ({ canvas, args, userEvent }) => {
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    panel.focus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Stäng notiser' }));
    await expect(args.onClose).toHaveBeenCalledTimes(2);
  },
};

export const UtanStangknapp: Story = {
  name: 'Utan stängknapp',
  args: { onClose: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Stäng notiser' })).toBeNull();
  },
};

export const AnnanTyp: Story = {
  name: 'Notis av annan typ',
  args: {
    notifications: [
      {
        id: 7,
        status: 'UNREAD',
        type: 'APPOINTMENT',
        message:
          'Påminnelse: hälsosamtal med Erik Johansson i morgon kl. 10.00. Ta gärna med dina senaste provsvar och frågor du vill ta upp.',
        timestamp: '2026-03-12T09:00:00.000Z',
      },
    ],
  },
  play: async ({ canvas }) => {
    const item = canvas.getByRole('button', { name: /^Oläst Påminnelse: hälsosamtal/ });
    await expect(item).toHaveTextContent('12 mars');
  },
};

export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  decorators: [
    (Story) => (
      <div className="p-2">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth);
    await expect(canvas.getByRole('button', { name: 'Markera alla som lästa' })).toBeVisible();
  },
};
