import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, waitFor, within } from 'storybook/test';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { notificationScenarios } from '@halsa/api/mocks/handlers/notifications';
import { resetMockState } from '@halsa/api/mocks/state';
import { LocationProbe, shellMsw } from '../../../testing';
import { OverviewScreen } from './overview';

const meta = {
  title: 'Skal/Att göra',
  component: OverviewScreen,
  args: { user: sessionUsers.user },
  parameters: { msw: shellMsw(), route: { url: '/overview' } },
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
} satisfies Meta<typeof OverviewScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const notices = (root: HTMLElement, name: string) => within(root).getByRole('region', { name });

export const Klient: Story = {
  name: 'Klient med olästa',
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Att göra' })).toBeVisible();
    await expect(canvas.getByText('Hej Anna!')).toBeVisible();
    const shortcuts = canvas.getByRole('region', { name: 'Genvägar' });
    await expect(within(shortcuts).getByRole('link', { name: 'Provsvar' })).toHaveAttribute(
      'href',
      '/lab-results',
    );
    await expect(within(shortcuts).getByRole('link', { name: 'Handlingsplan' })).toHaveAttribute(
      'href',
      '/action-plan',
    );
    await expect(within(shortcuts).getByRole('link', { name: 'Journal' })).toHaveAttribute(
      'href',
      '/journal',
    );
    await expect(within(shortcuts).queryByRole('link', { name: 'Klienter' })).toBeNull();
    const unread = notices(canvasElement, 'Olästa notiser');
    await waitFor(() => expect(within(unread).getAllByRole('listitem')).toHaveLength(3));
    await expect(within(unread).getAllByText('Oläst')).toHaveLength(3);
    await expect(within(unread).getByRole('link', { name: 'Alla notiser' })).toHaveAttribute(
      'href',
      '/profile/notifications',
    );
  },
};

export const KlientUtanOlasta: Story = {
  name: 'Klient utan olästa',
  parameters: { msw: shellMsw(...notificationScenarios.allRead) },
  play: async ({ canvasElement }) => {
    const unread = notices(canvasElement, 'Olästa notiser');
    await expect(await within(unread).findByText('Inga olästa notiser')).toBeVisible();
  },
};

export const KlientKlickarNotis: Story = {
  name: 'Klient klickar på en notis',
  play: async ({ canvas, canvasElement, userEvent }) => {
    const unread = notices(canvasElement, 'Olästa notiser');
    await userEvent.click(
      await within(unread).findByRole('button', { name: /^Oläst Nya provsvar/ }),
    );
    await expect(canvas.getByTestId('location')).toHaveTextContent('/lab-results');
    // Once the PATCH has succeeded the notice is no longer unread and leaves the list.
    await waitFor(() => expect(within(unread).getAllByRole('listitem')).toHaveLength(2));
    await expect(within(unread).queryByRole('button', { name: /Nya provsvar/ })).toBeNull();
  },
};

export const KlientMarkeringMisslyckas: Story = {
  name: 'Klient: markering misslyckas (oförändrat)',
  parameters: { msw: shellMsw(...notificationScenarios.markReadFailure) },
  play: async ({ canvasElement, userEvent }) => {
    const unread = notices(canvasElement, 'Olästa notiser');
    await userEvent.click(await within(unread).findByRole('button', { name: /^Oläst Påminnelse/ }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Failed to mark as read', expect.anything()),
    );
    await expect(within(unread).getAllByRole('listitem')).toHaveLength(3);
  },
};

export const Personal: Story = {
  name: 'Personal',
  args: { user: sessionUsers.staff },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Hej Erik!')).toBeVisible();
    const shortcuts = canvas.getByRole('region', { name: 'Genvägar' });
    await expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Klienter']);
    await expect(within(shortcuts).getByRole('link', { name: 'Klienter' })).toHaveAttribute(
      'href',
      '/clients',
    );
    const latest = notices(canvasElement, 'Senaste notiser');
    await waitFor(() => expect(within(latest).getAllByRole('listitem')).toHaveLength(5));
  },
};

export const Administrator: Story = {
  name: 'Administratör',
  args: { user: sessionUsers.admin },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Hej Maria!')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Klienter' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Provsvar' })).toBeNull();
    const latest = notices(canvasElement, 'Senaste notiser');
    await waitFor(() => expect(within(latest).getAllByRole('listitem')).toHaveLength(5));
  },
};

export const AdministratorUtanNotiser: Story = {
  name: 'Administratör utan notiser',
  args: { user: sessionUsers.admin },
  parameters: { msw: shellMsw(...notificationScenarios.empty) },
  play: async ({ canvasElement }) => {
    const latest = notices(canvasElement, 'Senaste notiser');
    await expect(await within(latest).findByText('Inga notiser')).toBeVisible();
  },
};

export const Laddar: Story = {
  name: 'Notiserna laddas',
  parameters: { msw: shellMsw(...notificationScenarios.loading) },
  play: async ({ canvasElement }) => {
    const unread = notices(canvasElement, 'Olästa notiser');
    await expect(await within(unread).findByRole('status')).toHaveTextContent('Hämtar notiser…');
  },
};

export const HamtningMisslyckas: Story = {
  name: 'Hämtning misslyckas (tyst)',
  parameters: { msw: shellMsw(...notificationScenarios.error(500)) },
  play: async ({ canvas, canvasElement }) => {
    const unread = notices(canvasElement, 'Olästa notiser');
    await expect(await within(unread).findByText('Inga olästa notiser')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Att göra' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
