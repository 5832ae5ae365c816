import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { authScenarios, clientScenarios, mockState, resetMockState } from '@halsa/api/mocks';
import type { Client } from '@halsa/api';
import { mocks, STORY_NOW } from '../../../testing';
import { ClientListScreen } from './client-list';

const meta = {
  title: 'Klienter/Klientlista',
  component: ClientListScreen,
  args: { now: STORY_NOW },
  parameters: { route: { path: '/clients', url: '/clients' } },
} satisfies Meta<typeof ClientListScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An ADMIN sees the first page: name, personal number, e-mail, status and 'sedan'. */
export const Admin: Story = {
  name: 'Administratör',
  play: async ({ canvas }) => {
    const row = (await canvas.findByRole('link', { name: 'Anna Lindqvist' })).closest('tr')!;
    const cells = within(row);
    await expect(cells.getByText('19850412-2384')).toBeVisible();
    await expect(cells.getByText('Registrerad')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Anna Lindqvist' })).toHaveAttribute(
      'href',
      '/clients/3/overview',
    );
    const invited = canvas.getByRole('link', { name: 'Elin Öberg' }).closest('tr')!;
    await expect(within(invited).getByText('Inbjuden')).toBeVisible();
    await expect(canvas.getByText(/^Visar 1–\d+ av \d+ klienter$/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Bjud in klient' })).toBeVisible();
  },
};

/** STAFF sees the same list without the invitation. */
export const Personal: Story = {
  name: 'Personal',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await canvas.findByRole('link', { name: 'Anna Lindqvist' });
    await expect(canvas.queryByRole('button', { name: 'Bjud in klient' })).toBeNull();
  },
};

/** Typing part of a name searches on the server after a short pause. */
export const Sok: Story = {
  name: 'Sök',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Anna Lindqvist' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Sök klient' }), 'sofi');
    await waitFor(() => expect(canvas.queryByRole('link', { name: 'Anna Lindqvist' })).toBeNull());
    await expect(canvas.getByRole('link', { name: 'Sofia Andersson' })).toBeVisible();
    await expect(canvas.getByText('Visar 1–1 av 1 klienter')).toBeVisible();
  },
};

/** A search that matches nobody. */
export const IngenTraff: Story = {
  name: 'Ingen träff',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Anna Lindqvist' });
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Sök klient' }), 'zzz');
    await expect(await canvas.findByText('Inga klienter hittades.')).toBeVisible();
    await expect(canvas.getByText('Ingen klient matchar ”zzz”.')).toBeVisible();
  },
};

/** No clients at all. */
export const Tom: Story = {
  name: 'Tom',
  parameters: mocks(clientScenarios.empty),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Inga klienter ännu.')).toBeVisible();
  },
};

/** The list cannot be fetched. */
export const Fel: Story = {
  name: 'Fel',
  parameters: mocks(clientScenarios.error(500)),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Kunde inte hämta klienter');
    await expect(canvas.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};

/** Waiting for the first page. */
export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(clientScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar klienter…')).toBeInTheDocument();
  },
};

const many = (): Client[] =>
  Array.from({ length: 120 }, (_, i) => ({
    ...mockState.clients[0]!,
    id: 1000 + i,
    firstName: `Klient${String(i + 1).padStart(3, '0')}`,
    lastName: 'Exempel',
    email: `klient${i + 1}@example.com`,
    socialSecurityNumber: null,
  }));

/** A register of many: 25 a page, 'Nästa' and 'Föregående'. */
export const MangaSidor: Story = {
  name: 'Många sidor',
  beforeEach: () => {
    resetMockState();
    mockState.clients = many();
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Visar 1–25 av 120 klienter')).toBeVisible();
    await expect(canvas.getByText('Sida 1 av 5')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Föregående' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Nästa' }));
    await expect(await canvas.findByText('Visar 26–50 av 120 klienter')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Klient026 Exempel' })).toBeVisible();
  },
};

/** An ADMIN invites a client; she shows as 'Inbjuden' at once. */
export const BjudIn: Story = {
  name: 'Bjud in',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Anna Lindqvist' });
    await userEvent.click(canvas.getByRole('button', { name: 'Bjud in klient' }));
    const dialog = within(document.body).getByRole('dialog', { name: 'Bjud in klient' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'E-post' }), 'ny@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka inbjudan' }));
    await expect(
      await within(document.body).findByText('Inbjudan skickades till ny@example.com'),
    ).toBeVisible();
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Sök klient' }), 'ny@');
    const row = (await canvas.findByRole('link', { name: 'ny@example.com' })).closest('tr')!;
    await expect(within(row).getByText('Inbjuden')).toBeVisible();
  },
};

/** Inviting an address that already has an account: the server's message in the dialog. */
export const BjudInFinnsRedan: Story = {
  name: 'Bjud in – finns redan',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('link', { name: 'Anna Lindqvist' });
    await userEvent.click(canvas.getByRole('button', { name: 'Bjud in klient' }));
    const dialog = within(document.body).getByRole('dialog', { name: 'Bjud in klient' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'E-post' }),
      mockState.clients[0]!.email,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skicka inbjudan' }));
    await expect(
      await within(dialog).findByText('Det finns redan en användare med den e-postadressen.'),
    ).toBeVisible();
  },
};
