import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, waitFor, within } from 'storybook/test';
import { OPEN_CONVERSATION_EVENT, START_CONVERSATION_EVENT } from '@halsa/api';
import {
  answer,
  authScenarios,
  clientScenarios,
  errorResponse,
  journalScenarios,
} from '@halsa/api/mocks';
import { mocks, STORY_NOW } from '../../../testing';
import { ClientPagesScreen } from './client-pages';

const meta = {
  title: 'Klienter/Klientsidor',
  component: ClientPagesScreen,
  args: { now: STORY_NOW },
  parameters: { route: { path: '/clients/:clientId/*', url: '/clients/3/overview' } },
} satisfies Meta<typeof ClientPagesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

/** ADMIN on Översikt: breadcrumb, tabs, personal info, contact, account, latest signed note. */
export const OversiktAdmin: Story = {
  name: 'Översikt – administratör',
  play: async ({ canvas }) => {
    const crumbs = await canvas.findByRole('navigation', { name: 'Brödsmulor' });
    await expect(crumbs).toHaveTextContent('Klienter/Anna Lindqvist 19850412-2384/Översikt');
    const tabs = canvas.getByRole('navigation', { name: 'Klientflikar' });
    for (const label of ['Översikt', 'Journal', 'Lab Resultat', 'Handlingsplan', 'Aktivitet']) {
      await expect(within(tabs).getByRole('link', { name: label })).toBeVisible();
    }
    await expect(canvas.getByRole('heading', { name: 'Personuppgifter' })).toBeVisible();
    await expect(canvas.getByText('klient@example.com')).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: 'Senaste signerade anteckning' }),
    ).toBeVisible();
    await expect(canvas.getByText(/sedan$/)).toBeVisible();
    await expect(canvas.queryByText(/Du har ingen konversation/)).toBeNull();
  },
};

/**
 * STAFF in the client's care team gets Översikt, Journal, Lab Resultat and Handlingsplan
 * (design §4.7), not 'Aktivitet'; the overview starts with her next meeting and latest message.
 */
export const PersonalMedFlikar: Story = {
  name: 'Personal med flikar',
  parameters: mocks(authScenarios.asStaff),
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'Personuppgifter' });
    const tabs = canvas.getByRole('navigation', { name: 'Klientflikar' });
    await expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Översikt', 'Journal', 'Lab Resultat', 'Handlingsplan']);
    await expect(
      canvas.queryByRole('button', { name: 'Skicka länk för nytt lösenord till Anna Lindqvist' }),
    ).toBeNull();
    // Her meetings, on /appointments narrowed to her (issue 13).
    await expect(
      canvas.getByRole('link', { name: 'Bokningar för Anna Lindqvist' }),
    ).toHaveAttribute('href', '/appointments?klient=3');
    const meeting = canvas.getByRole('heading', { name: 'Nästa möte' }).parentElement!;
    await expect(
      await within(meeting).findByText('torsdag 26 november 2026 kl. 09:30, 45 min'),
    ).toBeVisible();
    await expect(
      within(meeting).getByText('Med Erik Johansson · Mottagningen, Storgatan 1, rum 3'),
    ).toBeVisible();
    const message = canvas.getByRole('heading', { name: 'Senaste meddelande' }).parentElement!;
    await expect(
      within(message).getByRole('button', { name: 'Öppna konversationen' }),
    ).toBeVisible();
  },
};

/** STAFF typing the Aktivitet tab's address lands on the overview: that tab stays ADMIN's. */
export const PersonalAktivitetTillOversikt: Story = {
  name: 'Personal: Aktivitet går till översikten',
  parameters: {
    route: { path: '/clients/:clientId/*', url: '/clients/3/activity' },
    ...mocks(authScenarios.asStaff),
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Personuppgifter' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Översikt' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Missing values are N/A; no signed note yet. */
export const SaknadeUppgifter: Story = {
  name: 'Saknade uppgifter',
  parameters: {
    route: { path: '/clients/:clientId/*', url: '/clients/6/overview' },
    ...mocks(journalScenarios.empty),
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'Personuppgifter' });
    await expect(canvas.getAllByText('N/A').length).toBeGreaterThan(0);
    await expect(await canvas.findByText('Ingen signerad anteckning tillgänglig')).toBeVisible();
  },
};

/** No conversation with the client: the warning offers to start one through the widget. */
export const IngenKonversation: Story = {
  name: 'Ingen konversation',
  parameters: { route: { path: '/clients/:clientId/*', url: '/clients/6/overview' } },
  play: async ({ canvas, userEvent }) => {
    const started = spyOn(window, 'dispatchEvent');
    await expect(
      await canvas.findByText('Du har ingen konversation med Karin Svensson.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Starta en konversation' }));
    await waitFor(() =>
      expect(started.mock.calls.some(([e]) => e.type === START_CONVERSATION_EVENT)).toBe(true),
    );
    started.mockRestore();
  },
};

/** The message icon opens the existing conversation in the widget. */
export const OppnaKonversation: Story = {
  name: 'Öppna konversation',
  play: async ({ canvas, userEvent }) => {
    const opened = spyOn(window, 'dispatchEvent');
    const button = await canvas.findByRole('button', {
      name: 'Skicka meddelande till Anna Lindqvist',
    });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const event = opened.mock.calls.map(([e]) => e).find((e) => e.type === OPEN_CONVERSATION_EVENT);
    await expect((event as CustomEvent).detail).toEqual({ conversationId: 1 });
    opened.mockRestore();
  },
};

/**
 * The key icon is labelled, shows its tooltip on focus (Escape hides it), and asks before it mails (issue 35):
 * 'Avbryt' sends nothing; 'Skicka länk' sends it and the toast names the client.
 */
export const AterstallningslankSkickad: Story = {
  name: 'Länk för nytt lösenord efter bekräftelse',
  play: async ({ canvas, userEvent }) => {
    const key = await canvas.findByRole('button', {
      name: 'Skicka länk för nytt lösenord till Anna Lindqvist',
    });
    await expect(key).toHaveAccessibleDescription('Skicka länk för nytt lösenord');
    key.focus();
    const tip = canvas.getByRole('tooltip', { hidden: true });
    await expect(tip).toHaveTextContent('Skicka länk för nytt lösenord');
    await waitFor(() => expect(tip).toBeVisible());
    // WCAG 1.4.13: Escape hides the tooltip and focus stays on the key.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(tip).not.toBeVisible());
    await expect(key).toHaveFocus();
    await userEvent.click(key);
    const body = within(document.body);
    let dialog = within(
      await body.findByRole('dialog', {
        name: 'Skicka länk för nytt lösenord till Anna Lindqvist?',
      }),
    );
    await expect(
      dialog.getByText(
        'Ett mejl med en länk för att välja ett nytt lösenord skickas till klient@example.com. Det nuvarande lösenordet fungerar tills ett nytt har valts.',
      ),
    ).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
    await expect(body.queryByText('Återställningslänk skickades till Anna Lindqvist')).toBeNull();
    await userEvent.click(key);
    dialog = within(await body.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Skicka länk' }));
    await expect(
      await body.findByText('Återställningslänk skickades till Anna Lindqvist'),
    ).toBeVisible();
  },
};

/** The reset link fails without a message: the fallback of spec §8, inside the dialog. */
export const AterstallningslankMisslyckas: Story = {
  name: 'Återställningslänk misslyckas',
  parameters: mocks(clientScenarios.resetLinkFailure),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole('button', {
        name: 'Skicka länk för nytt lösenord till Anna Lindqvist',
      }),
    );
    const dialog = within(await within(document.body).findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Skicka länk' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Ett fel uppstod vid försök att skicka återställningslänken',
    );
  },
};

/** An unknown subpath goes to the overview. */
export const OkandFlik: Story = {
  name: 'Okänd flik',
  parameters: { route: { path: '/clients/:clientId/*', url: '/clients/3/nagot-annat' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Personuppgifter' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Översikt' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** An id that is no client: a Swedish not-found state, not a crash. */
export const HittadesInte: Story = {
  name: 'Hittades inte',
  parameters: {
    route: { path: '/clients/:clientId/*', url: '/clients/999/overview' },
    ...mocks(clientScenarios.clientNotFound),
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Klienten hittades inte.' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Till klientlistan' })).toHaveAttribute(
      'href',
      '/clients',
    );
  },
};

/** GETs of the client so far; the first one fails in HamtningMisslyckas. */
let clientGets = 0;

/**
 * The client cannot be fetched (500 without a message): the heading and the route's Swedish
 * fallback, not the not-found state; 'Försök igen' fetches again and the page shows.
 */
export const HamtningMisslyckas: Story = {
  name: 'Hämtningen misslyckas',
  parameters: mocks([
    answer('client', () => (++clientGets === 1 ? errorResponse(500) : undefined)),
  ]),
  beforeEach: () => {
    clientGets = 0;
  },
  play: async ({ canvas, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(within(alert).getByText('Kunde inte hämta klienten')).toBeVisible();
    await expect(within(alert).getByText('Kunde inte hämta klientdata')).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Klienten hittades inte.' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Försök igen' }));
    await expect(await canvas.findByRole('heading', { name: 'Personuppgifter' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(clientGets).toBe(2);
  },
};

/** Waiting for the client. */
export const Laddar: Story = {
  name: 'Laddar',
  parameters: mocks(clientScenarios.loading),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Hämtar klienten…')).toBeInTheDocument();
  },
};

/** The journal tab has its place; its content comes with the journal. */
export const JournalFlik: Story = {
  name: 'Journalflik',
  parameters: { route: { path: '/clients/:clientId/*', url: '/clients/3/journal' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('navigation', { name: 'Brödsmulor' })).toHaveTextContent(
      '/Journal',
    );
  },
};

const noteRoute = (clientId: number) => ({
  route: {
    path: '/clients/:clientId/journal/:formId',
    url: `/clients/${clientId}/journal/40`,
  },
});

/**
 * A journal note is nested in the one frame (the portal passes the journal's page in): the
 * breadcrumb goes on to the form's title, Journal is the current tab, the client heads the page.
 */
export const Journalanteckning: Story = {
  name: 'Journalanteckning i ramen',
  args: { noteTab: (client) => <p>{`Anteckningen för ${client.firstName}`}</p> },
  parameters: { ...noteRoute(3), ...mocks(journalScenarios.everyQuestionType) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Anteckningen för Anna')).toBeVisible();
    const crumbs = canvas.getByRole('navigation', { name: 'Brödsmulor' });
    await waitFor(() =>
      expect(crumbs).toHaveTextContent(
        'Klienter/Anna Lindqvist 19850412-2384/Journal/Hälsosamtal – alla frågetyper',
      ),
    );
    await expect(within(crumbs).getByRole('link', { name: 'Journal' })).toHaveAttribute(
      'href',
      '/clients/3/journal',
    );
    await expect(canvas.getByRole('heading', { level: 1, name: 'Anna Lindqvist' })).toBeVisible();
    const tabs = canvas.getByRole('navigation', { name: 'Klientflikar' });
    await expect(within(tabs).getByRole('link', { name: 'Journal' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** The note's address with an id that is no client: the frame's not-found state, not the note. */
export const JournalanteckningKlientenFinnsInte: Story = {
  name: 'Journalanteckning, klienten finns inte',
  args: { noteTab: () => <p>Anteckningen</p> },
  parameters: { ...noteRoute(999), ...mocks(clientScenarios.clientNotFound) },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Klienten hittades inte.' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Till klientlistan' })).toHaveAttribute(
      'href',
      '/clients',
    );
    await expect(canvas.queryByText('Anteckningen')).toBeNull();
  },
};
