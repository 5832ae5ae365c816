import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { Sidebar } from './sidebar';

const meta = {
  title: 'Skal/Sidomeny',
  component: Sidebar,
  args: { user: sessionUsers.user },
  parameters: { route: { url: '/overview' } },
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

const current = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

export const KlientAttGora: Story = {
  name: 'Klient: Att göra',
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(linkNames(nav)).toEqual([
      'Att göra',
      'Provsvar',
      'Handlingsplan',
      'Journal',
      'Enkäter',
      'Bokningar',
    ]);
    await expect(current(nav)).toEqual(['Att göra']);
    await expect(within(nav).getByRole('link', { name: 'Provsvar' })).toHaveAttribute(
      'href',
      '/lab-results',
    );
    await expect(within(nav).getByRole('link', { name: 'Handlingsplan' })).toHaveAttribute(
      'href',
      '/action-plan',
    );
    await expect(within(nav).getByRole('link', { name: 'Journal' })).toHaveAttribute(
      'href',
      '/journal',
    );
    await expect(within(nav).queryByRole('link', { name: 'Klienter' })).toBeNull();
  },
};

export const KlientJournal: Story = {
  name: 'Klient: Journal',
  parameters: { route: { url: '/journal' } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(current(nav)).toEqual(['Journal']);
  },
};

export const KlientNavigerar: Story = {
  name: 'Klient navigerar',
  play: async ({ canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Provsvar' }));
    await expect(current(nav)).toEqual(['Provsvar']);
  },
};

export const PersonalAttGora: Story = {
  name: 'Personal: Att göra',
  args: { user: sessionUsers.staff },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(linkNames(nav)).toEqual(['Att göra', 'Klienter', 'Bokningar', 'Rapporter']);
    await expect(within(nav).getByRole('link', { name: 'Klienter' })).toHaveAttribute(
      'href',
      '/clients',
    );
  },
};

export const AdminKlienter: Story = {
  name: 'Administratör: Klienter',
  args: { user: sessionUsers.admin },
  parameters: { route: { url: '/clients' } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(linkNames(nav)).toEqual([
      'Att göra',
      'Klienter',
      'Logguppföljning',
      'Bokningar',
      'Rapporter',
      'Personal',
    ]);
    await expect(current(nav)).toEqual(['Klienter']);
  },
};

/** Spec §2.5: the clients item is not highlighted while the path starts with /clients/. */
export const AdminPaKlientsida: Story = {
  name: 'Administratör på en klientsida',
  args: { user: sessionUsers.admin },
  parameters: { route: { url: '/clients/1/overview' } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    const clients = within(nav).getByRole('link', { name: 'Klienter' });
    await expect(clients).not.toHaveAttribute('aria-current');
    await expect(current(nav)).toEqual([]);
  },
};

export const PersonalPaKlientsida: Story = {
  name: 'Personal på en klientsida',
  args: { user: sessionUsers.staff },
  parameters: { route: { url: '/clients/3/journal' } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(within(nav).getByRole('link', { name: 'Klienter' })).not.toHaveAttribute(
      'aria-current',
    );
  },
};

export const Profilmeny: Story = {
  name: 'Profilmeny',
  parameters: { route: { url: '/profile/notifications' } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Profilmeny' });
    await expect(linkNames(nav)).toEqual(['Mitt konto', 'Notiser', 'Inloggning och säkerhet']);
    await expect(current(nav)).toEqual(['Notiser']);
    await expect(within(nav).getByRole('link', { name: 'Mitt konto' })).toHaveAttribute(
      'href',
      '/profile/myaccount',
    );
    await expect(canvas.queryByRole('navigation', { name: 'Huvudmeny' })).toBeNull();
  },
};

export const ProfilmenyAdmin: Story = {
  name: 'Profilmeny: administratör',
  args: { user: sessionUsers.admin },
  parameters: { route: { url: '/profile/myaccount' } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Profilmeny' });
    await expect(current(nav)).toEqual(['Mitt konto']);
  },
};

export const Journalmeny: Story = {
  name: 'Journalmeny',
  args: { user: sessionUsers.admin },
  parameters: { route: { url: '/journal/templates/3' } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Journalmeny' });
    await expect(linkNames(nav)).toEqual(['Allmänt', 'Journalformulär']);
    await expect(current(nav)).toEqual(['Journalformulär']);
    await expect(within(nav).getByRole('link', { name: 'Allmänt' })).toHaveAttribute(
      'href',
      '/journal/general',
    );
  },
};

export const JournalmenyPersonal: Story = {
  name: 'Journalmeny: personal',
  args: { user: sessionUsers.staff },
  parameters: { route: { url: '/journal/general' } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Journalmeny' });
    await expect(current(nav)).toEqual(['Allmänt']);
  },
};

export const UtanAnvandare: Story = {
  name: 'Utan användare',
  args: { user: null },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    await expect(within(nav).queryByRole('button')).toBeNull();
  },
};

export const Mobil: Story = {
  name: 'Mobil: hopfälld meny',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    const toggle = within(nav).getByRole('button', { name: 'Meny' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(within(nav).queryByRole('link', { name: 'Provsvar' })).toBeNull();

    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(within(nav).getByRole('link', { name: 'Provsvar' })).toBeVisible();

    await userEvent.click(within(nav).getByRole('link', { name: 'Provsvar' }));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(current(nav)).toEqual(['Provsvar']);
  },
};
