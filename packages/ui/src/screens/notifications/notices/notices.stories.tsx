import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, waitFor, within } from 'storybook/test';
import { notificationScenarios } from '@halsa/api/mocks/handlers/notifications';
import { mockState, resetMockState } from '@halsa/api/mocks/state';
import { LocationProbe, shellMsw } from '../../../testing';
import { NoticesScreen } from './notices';

const meta = {
  title: 'Notiser/Notisinställningar',
  component: NoticesScreen,
  parameters: { msw: shellMsw(), route: { url: '/profile/notifications' } },
  beforeEach: () => {
    resetMockState();
    const spy = spyOn(console, 'error').mockImplementation(() => {});
    return () => spy.mockRestore();
  },
  decorators: [
    (Story) => (
      <>
        <Story />
        <LocationProbe />
      </>
    ),
  ],
} satisfies Meta<typeof NoticesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const listSection = (root: HTMLElement) =>
  within(root).getByRole('region', { name: 'Alla notiser' });

export const MedOlasta: Story = {
  name: 'Med olästa',
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Notiser' })).toBeVisible();
    const about = canvas.getByRole('region', { name: 'När får du en notis?' });
    await expect(about).toHaveTextContent('Provsvar');
    await expect(about).toHaveTextContent('Handlingsplan');
    await expect(about).toHaveTextContent('Dagliga anteckningar');
    const list = listSection(canvasElement);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    await expect(within(list).getAllByText('Oläst')).toHaveLength(3);
    await expect(
      within(list).getByRole('button', { name: 'Markera alla som lästa' }),
    ).toBeEnabled();
  },
};

export const AllaLasta: Story = {
  name: 'Alla lästa',
  parameters: { msw: shellMsw(...notificationScenarios.allRead) },
  play: async ({ canvasElement }) => {
    const list = listSection(canvasElement);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    await expect(within(list).queryByText('Oläst')).toBeNull();
    await expect(
      within(list).getByRole('button', { name: 'Markera alla som lästa' }),
    ).toBeDisabled();
  },
};

export const Tom: Story = {
  name: 'Inga notiser',
  parameters: { msw: shellMsw(...notificationScenarios.empty) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Du har inga notiser än.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Markera alla som lästa' })).toBeDisabled();
  },
};

export const Laddar: Story = {
  name: 'Laddar',
  parameters: { msw: shellMsw(...notificationScenarios.loading) },
  play: async ({ canvasElement }) => {
    await expect(await within(listSection(canvasElement)).findByRole('status')).toHaveTextContent(
      'Hämtar notiser…',
    );
  },
};

export const HamtningMisslyckas: Story = {
  name: 'Hämtning misslyckas (tyst)',
  parameters: { msw: shellMsw(...notificationScenarios.error(500)) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Du har inga notiser än.')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const KlickNavigerar: Story = {
  name: 'Klick navigerar och markerar läst',
  play: async ({ canvas, canvasElement, userEvent }) => {
    const list = listSection(canvasElement);
    await userEvent.click(
      await within(list).findByRole('button', { name: /^Oläst Din handlingsplan/ }),
    );
    await expect(canvas.getByTestId('location')).toHaveTextContent('/action-plan');
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: /^Din handlingsplan/ })).toHaveAttribute(
        'data-status',
        'READ',
      ),
    );
    await expect(mockState.notifications.find((n) => n.id === 102)?.status).toBe('READ');
  },
};

export const MarkeraAlla: Story = {
  name: 'Markera alla som lästa',
  play: async ({ canvasElement, userEvent }) => {
    const list = listSection(canvasElement);
    await waitFor(() => expect(within(list).getAllByText('Oläst')).toHaveLength(3));
    await userEvent.click(within(list).getByRole('button', { name: 'Markera alla som lästa' }));
    await waitFor(() => expect(within(list).queryByText('Oläst')).toBeNull());
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: 'Markera alla som lästa' })).toBeDisabled(),
    );
  },
};

export const MarkeraMisslyckas: Story = {
  name: 'Markering misslyckas (oförändrat)',
  parameters: { msw: shellMsw(...notificationScenarios.markReadFailure) },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const list = listSection(canvasElement);
    await userEvent.click(await within(list).findByRole('button', { name: /^Oläst Påminnelse/ }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Failed to mark as read', expect.anything()),
    );
    await userEvent.click(within(list).getByRole('button', { name: 'Markera alla som lästa' }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Failed to mark all as read', expect.anything()),
    );
    await expect(within(list).getAllByText('Oläst')).toHaveLength(3);
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const list = listSection(canvasElement);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
