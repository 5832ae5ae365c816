import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, waitFor, within } from 'storybook/test';
import { notificationScenarios } from '@halsa/api/mocks/handlers/notifications';
import { answer } from '@halsa/api/mocks/handlers/endpoint';
import { mockState, resetMockState } from '@halsa/api/mocks/state';
import { LocationProbe, createGate, shellMsw } from '../../../testing';
import { NotificationCenter } from './notification-center';

const meta = {
  title: 'Notiser/Notispanel med data',
  component: NotificationCenter,
  args: { onClose: fn() },
  parameters: { msw: shellMsw(), route: { url: '/overview' } },
  beforeEach: () => {
    resetMockState();
    const spy = spyOn(console, 'error').mockImplementation(() => {});
    return () => spy.mockRestore();
  },
  decorators: [
    (Story) => (
      <div className="max-w-md p-4">
        <Story />
        <LocationProbe />
      </div>
    ),
  ],
} satisfies Meta<typeof NotificationCenter>;
export default meta;
type Story = StoryObj<typeof meta>;

const item = (panel: HTMLElement, message: RegExp) =>
  within(panel).getByRole('button', { name: message });

export const MedOlasta: Story = {
  name: 'Med olästa',
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    await waitFor(() => expect(within(panel).getAllByText('Oläst')).toHaveLength(3));
    await expect(
      within(panel).getByRole('button', { name: 'Markera alla som lästa' }),
    ).toBeEnabled();
  },
};

export const AllaLasta: Story = {
  name: 'Alla lästa',
  parameters: { msw: shellMsw(...notificationScenarios.allRead) },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(5));
    await expect(canvas.queryByText('Oläst')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Markera alla som lästa' })).toBeDisabled();
  },
};

export const Tom: Story = {
  name: 'Inga notiser',
  parameters: { msw: shellMsw(...notificationScenarios.empty) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Inga nya notiser')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Markera alla som lästa' })).toBeDisabled();
  },
};

export const Laddar: Story = {
  name: 'Laddar',
  parameters: { msw: shellMsw(...notificationScenarios.loading) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Hämtar notiser…');
    await expect(canvas.getByRole('button', { name: 'Markera alla som lästa' })).toBeDisabled();
  },
};

/** Spec §8: a failed fetch is silent; the panel just has nothing to show. */
export const HamtningMisslyckas: Story = {
  name: 'Hämtning misslyckas (tyst)',
  parameters: { msw: shellMsw(...notificationScenarios.error(500)) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Inga nya notiser')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const MarkeraAlla: Story = {
  name: 'Markera alla som lästa',
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(canvas.getAllByText('Oläst')).toHaveLength(3));
    await userEvent.click(canvas.getByRole('button', { name: 'Markera alla som lästa' }));
    await waitFor(() => expect(canvas.queryByText('Oläst')).toBeNull());
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Markera alla som lästa' })).toBeDisabled(),
    );
    await expect(mockState.notifications.every((n) => n.status === 'READ')).toBe(true);
    await expect(console.error).not.toHaveBeenCalled();
  },
};

export const MarkeraAllaMisslyckas: Story = {
  name: 'Markera alla misslyckas (oförändrat)',
  parameters: { msw: shellMsw(...notificationScenarios.markReadFailure) },
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(canvas.getAllByText('Oläst')).toHaveLength(3));
    await userEvent.click(canvas.getByRole('button', { name: 'Markera alla som lästa' }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Failed to mark all as read', expect.anything()),
    );
    await expect(canvas.getAllByText('Oläst')).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: 'Markera alla som lästa' })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** LAB_RESULT goes to /lab-results; the dot goes once the PATCH has succeeded. */
export const KlickProvsvar: Story = {
  name: 'Klick: provsvar',
  play: async ({ canvas, args, userEvent }) => {
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    await waitFor(() => expect(within(panel).getAllByText('Oläst')).toHaveLength(3));
    await userEvent.click(item(panel, /^Oläst Nya provsvar finns att läsa\. 20 nov\./));
    await expect(args.onClose).toHaveBeenCalledOnce();
    await expect(canvas.getByTestId('location')).toHaveTextContent('/lab-results');
    await waitFor(() =>
      expect(item(panel, /^Nya provsvar finns att läsa\. 20 nov\./)).toHaveAttribute(
        'data-status',
        'READ',
      ),
    );
    await expect(within(panel).getAllByText('Oläst')).toHaveLength(2);
  },
};

export const KlickHandlingsplan: Story = {
  name: 'Klick: handlingsplan',
  play: async ({ canvas, userEvent }) => {
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    await userEvent.click(
      await within(panel).findByRole('button', { name: /handlingsplan har uppdaterats/ }),
    );
    await expect(canvas.getByTestId('location')).toHaveTextContent('/action-plan');
    await waitFor(() => expect(within(panel).getAllByText('Oläst')).toHaveLength(2));
  },
};

export const KlickAnteckning: Story = {
  name: 'Klick: daglig anteckning',
  play: async ({ canvas, userEvent }) => {
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    await userEvent.click(await within(panel).findByRole('button', { name: /journalanteckning/ }));
    await expect(canvas.getByTestId('location')).toHaveTextContent('/journal');
  },
};

/** Another type only marks read: the path stays. */
export const KlickAnnanTyp: Story = {
  name: 'Klick: annan typ',
  play: async ({ canvas, userEvent }) => {
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    await userEvent.click(await within(panel).findByRole('button', { name: /^Oläst Påminnelse/ }));
    await waitFor(() => expect(item(panel, /^Påminnelse/)).toHaveAttribute('data-status', 'READ'));
    await expect(canvas.getByTestId('location')).toHaveTextContent('/overview');
  },
};

const gate = { current: createGate() };

/** Spec §4: the dot stays until the server has answered. */
export const LastForstEfterSvar: Story = {
  name: 'Läst först efter svar',
  parameters: {
    msw: shellMsw(
      answer('markNotificationRead', async () => {
        await gate.current.promise;
        return undefined; // on to the default handler, which marks it read
      }),
    ),
  },
  beforeEach: () => {
    gate.current = createGate();
  },
  play: async ({ canvas, userEvent }) => {
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    await userEvent.click(await within(panel).findByRole('button', { name: /^Oläst Påminnelse/ }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(item(panel, /^Oläst Påminnelse/)).toHaveAttribute('data-status', 'UNREAD');
    gate.current.open();
    await waitFor(() => expect(item(panel, /^Påminnelse/)).toHaveAttribute('data-status', 'READ'));
  },
};

export const MarkeraLastMisslyckas: Story = {
  name: 'Markera läst misslyckas (oförändrat)',
  parameters: { msw: shellMsw(...notificationScenarios.markReadFailure) },
  play: async ({ canvas, userEvent }) => {
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    await userEvent.click(await within(panel).findByRole('button', { name: /^Oläst Påminnelse/ }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Failed to mark as read', expect.anything()),
    );
    await expect(item(panel, /^Oläst Påminnelse/)).toHaveAttribute('data-status', 'UNREAD');
    await expect(within(panel).getAllByText('Oläst')).toHaveLength(3);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};
