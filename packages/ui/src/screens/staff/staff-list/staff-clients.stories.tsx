import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { careTeamScenarios, mockState } from '@halsa/api/mocks';
import { mocks } from '../../../testing';
import type { StaffScreen } from './staff-list';
import { staffStory, withStaffFixtures, body, rowOf } from './story-setup';
import { INACTIVE_NO_CLIENTS } from './staff-clients';

const meta = {
  title: 'Personal/Klienter per person',
  ...staffStory,
  beforeEach: withStaffFixtures,
} satisfies Meta<typeof StaffScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens a person's clients from the count in her row; answers the dialog. */
async function openClients(
  canvas: ReturnType<typeof within>,
  userEvent: { click: (el: Element) => Promise<void> },
  name: string,
  count: string,
) {
  const row = await rowOf(canvas, name);
  await userEvent.click(row.getByRole('button', { name: `${count} för ${name}` }));
  return within(await body().findByRole('dialog', { name: `Klienter för ${name}` }));
}

/** The count in each STAFF row opens her clients, by last name with the number masked. */
export const Lista: Story = {
  name: 'Klienter i listan',
  play: async ({ canvas, userEvent }) => {
    const per = await rowOf(canvas, 'Per Åberg');
    await expect(per.getByText('Alla klienter')).toBeVisible();
    const dialog = await openClients(canvas, userEvent, 'Erik Johansson', '5 klienter');
    await expect(
      dialog.getByText(
        'Erik Johansson kan läsa uppgifter om klienterna i listan. Ändringar loggas.',
      ),
    ).toBeVisible();
    const list = within(await dialog.findByRole('list', { name: 'Klienter för Erik Johansson' }));
    await expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Sofia Andersson 19910227-****Ta bort',
      'Anna Lindqvist 19850412-****Ta bort',
      'Lars Nilsson 19720930-****Ta bort',
      'Karin SvenssonTa bort',
      'Elin ÖbergTa bort',
    ]);
    await expect(dialog.getByRole('searchbox', { name: 'Lägg till klient' })).toBeVisible();
  },
};

/** While her clients load. */
export const Laddar: Story = {
  name: 'Hämtar klienter',
  parameters: mocks(careTeamScenarios.loading),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openClients(canvas, userEvent, 'Erik Johansson', '5 klienter');
    await expect(await dialog.findByText('Hämtar klienter…')).toBeInTheDocument();
  },
};

/** Someone new has no clients yet; the search is there to add the first. */
export const Tom: Story = {
  name: 'Inga klienter ännu',
  play: async ({ canvas, userEvent }) => {
    const dialog = await openClients(canvas, userEvent, 'Johanna Ek', '0 klienter');
    await expect(await dialog.findByText('Johanna Ek har inga klienter ännu.')).toBeVisible();
    await expect(dialog.getByRole('searchbox', { name: 'Lägg till klient' })).toBeVisible();
  },
};

/**
 * Add with search: a name finds Ahmed Haddad, 'Lägg till' puts Johanna in his care team; one
 * already hers says 'Redan tillagd'. The row's count follows.
 */
export const LaggTill: Story = {
  name: 'Lägg till klient med sökning',
  play: async ({ canvas, userEvent }) => {
    const dialog = await openClients(canvas, userEvent, 'Johanna Ek', '0 klienter');
    const search = await dialog.findByRole('searchbox', { name: 'Lägg till klient' });
    await userEvent.type(search, 'Ahmed');
    const hits = within(await dialog.findByRole('list', { name: 'Sökträffar' }));
    await expect(hits.getByText('Ahmed Haddad')).toBeVisible();
    await userEvent.click(hits.getByRole('button', { name: 'Lägg till Ahmed Haddad' }));
    await expect(
      await dialog.findByText(
        'Ahmed Haddad är tillagd. Johanna Ek kan nu läsa uppgifter om klienten.',
      ),
    ).toBeVisible();
    const list = within(await dialog.findByRole('list', { name: 'Klienter för Johanna Ek' }));
    await expect(list.getByText('Ahmed Haddad')).toBeVisible();
    await expect(search).toHaveValue('');
    // The emptied search shows no hits of the one before (nor says none match).
    await expect(dialog.queryByRole('list', { name: 'Sökträffar' })).toBeNull();
    await expect(dialog.queryByText(/Ingen klient matchar/)).toBeNull();
    await expect(mockState.careTeam.teams[7]).toContain(20);
    await userEvent.type(search, 'Haddad');
    await expect(await dialog.findByText('Redan tillagd')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Stäng' }));
    const row = await rowOf(canvas, 'Johanna Ek');
    await expect(await row.findByRole('button', { name: '1 klient för Johanna Ek' })).toBeVisible();
  },
};

/** A name nobody has: the search says so. */
export const IngenTraff: Story = {
  name: 'Sökning utan träff',
  play: async ({ canvas, userEvent }) => {
    const dialog = await openClients(canvas, userEvent, 'Johanna Ek', '0 klienter');
    await userEvent.type(
      await dialog.findByRole('searchbox', { name: 'Lägg till klient' }),
      'Zlatan',
    );
    await expect(await dialog.findByText('Ingen klient matchar ”Zlatan”.')).toBeVisible();
  },
};

/**
 * Remove asks first, naming both; 'Avbryt' keeps her. After 'Ta bort' the client is gone, the
 * status says what it means and focus is on the list's heading, not the page body.
 */
export const TaBort: Story = {
  name: 'Ta bort klient med bekräftelse',
  play: async ({ canvas, userEvent }) => {
    const dialog = await openClients(canvas, userEvent, 'Erik Johansson', '5 klienter');
    await userEvent.click(await dialog.findByRole('button', { name: 'Ta bort Anna Lindqvist' }));
    let confirm = within(await body().findByRole('dialog', { name: 'Ta bort Anna Lindqvist?' }));
    await expect(
      confirm.getByText(
        'Erik Johansson tas bort ur vårdteamet för Anna Lindqvist och kan då inte läsa uppgifter om klienten. Ändringen loggas.',
      ),
    ).toBeVisible();
    await userEvent.click(confirm.getByRole('button', { name: 'Avbryt' }));
    await waitFor(() =>
      expect(body().queryByRole('dialog', { name: 'Ta bort Anna Lindqvist?' })).toBeNull(),
    );
    await expect(mockState.careTeam.teams[3]).toContain(2);
    await userEvent.click(dialog.getByRole('button', { name: 'Ta bort Anna Lindqvist' }));
    confirm = within(await body().findByRole('dialog', { name: 'Ta bort Anna Lindqvist?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Ta bort' }));
    await expect(
      await dialog.findByText(
        'Anna Lindqvist är borttagen. Erik Johansson kan inte längre läsa uppgifter om klienten.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(dialog.queryByText('Anna Lindqvist')).toBeNull());
    await expect(mockState.careTeam.teams[3]).not.toContain(2);
    await waitFor(() =>
      expect(document.activeElement).toBe(dialog.getByRole('heading', { name: 'Klienter' })),
    );
  },
};

/** Her clients cannot be fetched: the reason and 'Försök igen'. */
export const Fel: Story = {
  name: 'Kunde inte hämta klienterna',
  parameters: mocks(careTeamScenarios.error(500)),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openClients(canvas, userEvent, 'Erik Johansson', '5 klienter');
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Kunde inte hämta klienterna');
    await expect(dialog.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};

/** Adding fails without a message: the fallback, and nothing changes. */
export const LaggTillFel: Story = {
  name: 'Lägga till misslyckas',
  parameters: mocks(careTeamScenarios.addStaffClientFailure),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openClients(canvas, userEvent, 'Johanna Ek', '0 klienter');
    await userEvent.type(
      await dialog.findByRole('searchbox', { name: 'Lägg till klient' }),
      'Ahmed',
    );
    await userEvent.click(await dialog.findByRole('button', { name: 'Lägg till Ahmed Haddad' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Kunde inte lägga till klienten',
    );
    await expect(dialog.getByText('Johanna Ek har inga klienter ännu.')).toBeVisible();
  },
};

/** Removing fails with the server's message: it stays in the confirmation, she stays listed. */
export const TaBortFel: Story = {
  name: 'Ta bort misslyckas',
  parameters: mocks(careTeamScenarios.removeStaffClientFailure),
  play: async ({ canvas, userEvent }) => {
    const dialog = await openClients(canvas, userEvent, 'Erik Johansson', '5 klienter');
    await userEvent.click(await dialog.findByRole('button', { name: 'Ta bort Anna Lindqvist' }));
    const confirm = within(await body().findByRole('dialog', { name: 'Ta bort Anna Lindqvist?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Ta bort' }));
    await expect(await confirm.findByRole('alert')).toHaveTextContent(
      'Vårdteamet kunde inte ändras just nu. Försök igen om en stund.',
    );
    await expect(mockState.careTeam.teams[3]).toContain(2);
  },
};

/** A deactivated person gets no new client (the server refuses it too); removing still works. */
export const Inaktiverad: Story = {
  name: 'Inaktiverad person',
  beforeEach: () => {
    mockState.careTeam.teams[6] = [...(mockState.careTeam.teams[6] ?? []), 22];
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openClients(canvas, userEvent, 'Lena Holm', '1 klient');
    await expect(await dialog.findByText('Karin Svensson')).toBeVisible();
    await expect(dialog.getByText(INACTIVE_NO_CLIENTS)).toBeVisible();
    await expect(dialog.queryByRole('searchbox')).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Ta bort Karin Svensson' })).toBeVisible();
  },
};

/** A phone: the dialog's list and search fit at 320 px. */
export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    const dialog = await openClients(canvas, userEvent, 'Erik Johansson', '5 klienter');
    await dialog.findByRole('list', { name: 'Klienter för Erik Johansson' });
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
