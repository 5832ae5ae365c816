import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { TopBar } from './top-bar';

const meta = {
  title: 'Skal/Toppfält',
  component: TopBar,
  args: {
    user: sessionUsers.user,
    unreadCount: 3,
    notificationsOpen: false,
    onNotificationsToggle: fn(),
    onNotificationsClose: fn(),
    onLogout: fn(),
  },
} satisfies Meta<typeof TopBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const KlientMedOlasta: Story = {
  name: 'Klient med olästa notiser',
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Hälsoportalen' })).toHaveAttribute('href', '/');
    const bell = canvas.getByRole('button', { name: 'Notiser, 3 olästa' });
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByTestId('bell-badge')).toHaveAttribute('data-count', '3');
    await userEvent.click(bell);
    await expect(args.onNotificationsToggle).toHaveBeenCalledOnce();
    await expect(
      canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' }),
    ).toBeVisible();
  },
};

export const EnOlast: Story = {
  name: 'En oläst notis',
  args: { unreadCount: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Notiser, 1 oläst' })).toBeVisible();
  },
};

export const IngaOlasta: Story = {
  name: 'Inga olästa notiser',
  args: { unreadCount: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Notiser' })).toBeVisible();
    await expect(canvas.queryByTestId('bell-badge')).toBeNull();
  },
};

export const MangaOlasta: Story = {
  name: 'Många olästa notiser',
  args: { unreadCount: 1234 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /^Notiser, 1\s234 olästa$/ })).toBeVisible();
    await expect(canvas.getByTestId('bell-badge')).toHaveAttribute('data-count', '99+');
  },
};

export const PanelOppen: Story = {
  name: 'Notispanelen öppen',
  args: { notificationsOpen: true, notificationsPanelId: 'notispanel' },
  render: (args) => (
    <>
      <TopBar {...args} />
      <section id="notispanel" aria-label="Notiser" className="p-4">
        Panelen
      </section>
    </>
  ),
  play: async ({ canvas, args, userEvent }) => {
    const bell = canvas.getByRole('button', { name: 'Notiser, 3 olästa' });
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    await expect(bell).toHaveAttribute('aria-controls', 'notispanel');
    bell.focus();
    await userEvent.keyboard('{Escape}');
    await expect(args.onNotificationsClose).toHaveBeenCalledOnce();
  },
};

export const AnvandarmenyKlient: Story = {
  name: 'Användarmeny: klient',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' }));
    const menu = canvas.getByRole('menu', { name: 'Användarmeny för Anna Lindqvist' });
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Användarinställningar',
      'Vem har läst mina uppgifter',
      'Logga ut',
    ]);
    await expect(
      within(menu).getByRole('menuitem', { name: 'Användarinställningar' }),
    ).toHaveAttribute('href', '/profile/myaccount');
    // design §4.20: an entry of its own, to the section of her account page
    await expect(
      within(menu).getByRole('menuitem', { name: 'Vem har läst mina uppgifter' }),
    ).toHaveAttribute('href', '/profile/myaccount#vem-har-last');
  },
};

export const AnvandarmenyPersonal: Story = {
  name: 'Användarmeny: personal',
  args: { user: sessionUsers.staff },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Erik Johansson' }));
    const menu = canvas.getByRole('menu');
    await expect(within(menu).queryByRole('menuitem', { name: 'Journalinställningar' })).toBeNull();
    await expect(within(menu).queryByRole('menuitem', { name: 'Aktivitet' })).toBeNull();
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(2);
  },
};

export const AnvandarmenyAdmin: Story = {
  name: 'Användarmeny: administratör',
  args: { user: sessionUsers.admin, unreadCount: 0 },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Maria Berg' }));
    const menu = canvas.getByRole('menu');
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Användarinställningar', 'Journalinställningar', 'Aktivitet', 'Logga ut']);
    await expect(
      within(menu).getByRole('menuitem', { name: 'Journalinställningar' }),
    ).toHaveAttribute('href', '/journal/general');
    await expect(within(menu).getByRole('menuitem', { name: 'Aktivitet' })).toHaveAttribute(
      'href',
      '/activity',
    );
  },
};

export const AnvandarmenyTangentbord: Story = {
  name: 'Användarmeny med tangentbord',
  args: { user: sessionUsers.admin },
  play: async ({ canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Användarmeny för Maria Berg' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(canvas.getByRole('menuitem', { name: 'Användarinställningar' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('menuitem', { name: 'Journalinställningar' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('menuitem', { name: 'Logga ut' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('menuitem', { name: 'Användarinställningar' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect(canvas.getByRole('menuitem', { name: 'Logga ut' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Logga ut' })).toHaveFocus());
    await userEvent.tab();
    await expect(canvas.queryByRole('menu')).toBeNull();
  },
};

export const StangsVidKlickUtanfor: Story = {
  name: 'Användarmenyn stängs vid klick utanför',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' }));
    await expect(canvas.getByRole('menu')).toBeVisible();
    await userEvent.click(canvas.getByRole('banner'));
    await expect(canvas.queryByRole('menu')).toBeNull();
  },
};

export const LoggaUt: Story = {
  name: 'Logga ut',
  play: async ({ canvas, args, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' });
    await userEvent.click(button);
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Logga ut' }));
    await expect(args.onLogout).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(button).toHaveFocus();
  },
};

export const LoggarUt: Story = {
  name: 'Loggar ut',
  args: { loggingOut: true },
  play: async ({ canvas, args, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' }));
    const item = canvas.getByRole('menuitem', { name: 'Loggar ut…' });
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(item);
    await expect(args.onLogout).not.toHaveBeenCalled();
  },
};

export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    const banner = canvas.getByRole('banner');
    await expect(canvas.getByRole('link', { name: 'Hälsoportalen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Notiser, 3 olästa' })).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' }),
    ).toBeVisible();
    await expect(banner.scrollWidth).toBeLessThanOrEqual(banner.clientWidth);
  },
};
