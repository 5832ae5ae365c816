import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes, useLocation } from 'react-router';
import { expect, spyOn, waitFor, within } from 'storybook/test';
import { FakeLiveClient, FakeLiveProvider, LiveDestinations } from '@halsa/api/live';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { authScenarios } from '@halsa/api/mocks/handlers/auth';
import { notificationScenarios } from '@halsa/api/mocks/handlers/notifications';
import { mockState, resetMockState } from '@halsa/api/mocks/state';
import { openConversation } from '@halsa/api';
import type { WidgetIntent } from '../../../components/widget/widget-events';
import { NotificationSettingsScreen } from '../../notifications/notification-settings/notification-settings';
import { MessagesTab } from '../../messaging/messages-tab/messages-tab';
import { STORY_NOW } from '../../../testing';
import { PlaceholderScreen } from '../placeholder/placeholder';
import { OverviewScreen } from '../overview/overview';
import { AppShell, type AppShellProps } from './app-shell';
import { LocationProbe, shellMsw, userStatsScenarios } from '../../../testing';

const titles: Record<string, string> = {
  '/lab-results': 'Provsvar',
  '/action-plan': 'Handlingsplan',
  '/journal': 'Journal',
  '/clients': 'Klienter',
  '/clients/1/overview': 'Klient',
  '/profile/myaccount': 'Användarinställningar',
  '/journal/general': 'Journalinställningar',
  '/activity': 'Aktivitet',
};

function AnyPage() {
  const { pathname } = useLocation();
  return <PlaceholderScreen title={titles[pathname] ?? 'Sida'} />;
}

/** The shell as the portal uses it: a layout route around the signed-in routes. */
function ShellRoutes(props: AppShellProps) {
  return (
    <>
      <Routes>
        <Route element={<AppShell {...props} />}>
          <Route path="/overview" element={<OverviewScreen />} />
          <Route path="/profile/notifications" element={<NotificationSettingsScreen />} />
          <Route path="*" element={<AnyPage />} />
        </Route>
      </Routes>
      <LocationProbe />
    </>
  );
}

const meta = {
  title: 'Skal/Inloggad layout',
  component: AppShell,
  args: { user: sessionUsers.user },
  parameters: { msw: shellMsw(), route: { url: '/overview' } },
  beforeEach: ({ args }) => {
    resetMockState({ sessionUser: args.user });
    const spy = spyOn(console, 'error').mockImplementation(() => {});
    return () => spy.mockRestore();
  },
  render: (args) => <ShellRoutes {...args} />,
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const bell = (canvas: Canvas, name: string | RegExp = /^Notiser/) =>
  canvas.getByRole('button', { name });

const sidebarLinks = (canvas: Canvas, name = 'Huvudmeny') =>
  within(canvas.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => link.textContent);

const openPanel = async (canvas: Canvas, userEvent: { click: (el: Element) => Promise<void> }) => {
  await userEvent.click(bell(canvas));
  return canvas.getByRole('dialog', { name: 'Notiser' });
};

export const KlientMedOlasta: Story = {
  name: 'Klient med olästa notiser',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Hälsoportalen' })).toHaveAttribute('href', '/');
    await expect(await canvas.findByRole('button', { name: 'Notiser, 3 olästa' })).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' }),
    ).toBeVisible();
    await expect(sidebarLinks(canvas)).toEqual([
      'Att göra',
      'Provsvar',
      'Handlingsplan',
      'Journal',
    ]);
    const main = canvas.getByRole('main');
    await expect(within(main).getByRole('heading', { level: 1, name: 'Att göra' })).toBeVisible();
    // The fixtures hold unread messages to Anna: the widget button says how many.
    await expect(
      await canvas.findByRole('button', { name: /^Öppna meddelanden, \d+ olästa?$/ }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Hoppa till innehållet' })).toBeInTheDocument();
  },
};

export const PersonalMedOlasta: Story = {
  name: 'Personal med olästa notiser',
  args: { user: sessionUsers.staff },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('button', { name: 'Notiser, 3 olästa' })).toBeVisible();
    await expect(sidebarLinks(canvas)).toEqual(['Att göra', 'Klienter']);
    await userEvent.click(canvas.getByRole('button', { name: /^Öppna meddelanden/ }));
    const widget = canvas.getByRole('dialog', { name: 'Meddelanden' });
    await expect(within(widget).getByRole('heading', { name: 'Välkommen Erik' })).toBeVisible();
    await expect(within(widget).queryByRole('region', { name: 'Dagens hälsotips' })).toBeNull();
  },
};

export const AdminMedOlasta: Story = {
  name: 'Administratör med olästa notiser',
  args: { user: sessionUsers.admin },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('button', { name: 'Notiser, 3 olästa' })).toBeVisible();
    await expect(sidebarLinks(canvas)).toEqual(['Att göra', 'Klienter']);
    await userEvent.click(canvas.getByRole('button', { name: /^Öppna meddelanden/ }));
    const widget = canvas.getByRole('dialog', { name: 'Meddelanden' });
    await expect(within(widget).getByRole('heading', { name: 'Välkommen Maria' })).toBeVisible();
    await waitFor(() =>
      expect(within(widget).getByTestId('new-user-counts')).toHaveTextContent(
        'Nya användare: Vecka 4, Månad 17, År 142',
      ),
    );
    await expect(within(widget).getByRole('region', { name: 'Dagens hälsotips' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Maria Berg' }));
    await expect(canvas.getByRole('menuitem', { name: 'Journalinställningar' })).toBeVisible();
    await expect(canvas.getByRole('menuitem', { name: 'Aktivitet' })).toBeVisible();
  },
};

export const AdminStatistikFel: Story = {
  name: 'Administratör: statistiken kunde inte hämtas',
  args: { user: sessionUsers.admin },
  parameters: { msw: shellMsw(...userStatsScenarios.error) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Öppna meddelanden/ }));
    await waitFor(() =>
      expect(canvas.getByTestId('new-user-counts')).toHaveTextContent(
        'Kunde inte hämta användarstatistik',
      ),
    );
  },
};

export const KlientUtanOlasta: Story = {
  name: 'Klient utan olästa notiser',
  parameters: { msw: shellMsw(...notificationScenarios.allRead) },
  play: async ({ canvas, userEvent }) => {
    const main = canvas.getByRole('main');
    await expect(await within(main).findByText('Inga olästa notiser')).toBeVisible();
    await expect(bell(canvas)).toHaveAccessibleName('Notiser');
    const panel = await openPanel(canvas, userEvent);
    await expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
    await expect(
      within(panel).getByRole('button', { name: 'Markera alla som lästa' }),
    ).toBeDisabled();
  },
};

export const PersonalUtanNotiser: Story = {
  name: 'Personal utan notiser',
  args: { user: sessionUsers.staff },
  parameters: { msw: shellMsw(...notificationScenarios.empty) },
  play: async ({ canvas, userEvent }) => {
    const main = canvas.getByRole('main');
    await expect(await within(main).findByText('Inga notiser')).toBeVisible();
    const panel = await openPanel(canvas, userEvent);
    await expect(within(panel).getByText('Inga nya notiser')).toBeVisible();
    await expect(
      within(panel).getByRole('button', { name: 'Markera alla som lästa' }),
    ).toBeDisabled();
  },
};

export const NotiserLaddas: Story = {
  name: 'Notiserna laddas',
  parameters: { msw: shellMsw(...notificationScenarios.loading) },
  play: async ({ canvas, userEvent }) => {
    await expect(bell(canvas)).toHaveAccessibleName('Notiser');
    const panel = await openPanel(canvas, userEvent);
    await expect(within(panel).getByRole('status')).toHaveTextContent('Hämtar notiser…');
  },
};

/** Spec §8: notification-fetch failures are silent. */
export const NotiserFel: Story = {
  name: 'Notiserna kunde inte hämtas (tyst)',
  args: { user: sessionUsers.admin },
  parameters: { msw: shellMsw(...notificationScenarios.error(500)) },
  play: async ({ canvas, userEvent }) => {
    const main = canvas.getByRole('main');
    await expect(await within(main).findByText('Inga notiser')).toBeVisible();
    await expect(bell(canvas)).toHaveAccessibleName('Notiser');
    const panel = await openPanel(canvas, userEvent);
    await expect(within(panel).getByText('Inga nya notiser')).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const NotispanelTangentbord: Story = {
  name: 'Notispanelen med tangentbord',
  play: async ({ canvas, userEvent }) => {
    const bellButton = await canvas.findByRole('button', { name: 'Notiser, 3 olästa' });
    bellButton.focus();
    await userEvent.keyboard('{Enter}');
    const panel = canvas.getByRole('dialog', { name: 'Notiser' });
    await expect(bellButton).toHaveAttribute('aria-expanded', 'true');
    await expect(bellButton).toHaveAttribute('aria-controls', panel.id);
    await waitFor(() => expect(panel).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('dialog', { name: 'Notiser' })).toBeNull();
    await expect(bellButton).toHaveFocus();
    // Escape closed only the panel, not the rest.
    await expect(canvas.getByRole('button', { name: /^Öppna meddelanden/ })).toBeVisible();

    await userEvent.click(bellButton);
    await expect(canvas.getByRole('dialog', { name: 'Notiser' })).toBeVisible();
    await userEvent.click(canvas.getByRole('heading', { level: 1, name: 'Att göra' }));
    await expect(canvas.queryByRole('dialog', { name: 'Notiser' })).toBeNull();

    // Focus leaving the panel closes it, so it never covers the focused element.
    await userEvent.click(bellButton);
    await expect(canvas.getByRole('dialog', { name: 'Notiser' })).toBeVisible();
    within(canvas.getByRole('navigation', { name: 'Huvudmeny' }))
      .getByRole('link', { name: 'Provsvar' })
      .focus();
    await waitFor(() => expect(canvas.queryByRole('dialog', { name: 'Notiser' })).toBeNull());
  },
};

/** Click a LAB_RESULT notice: the panel closes, /lab-results opens, the dot goes after the PATCH. */
export const NotisKlickNavigerar: Story = {
  name: 'Klick på notis navigerar och tar bort pricken',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('button', { name: 'Notiser, 3 olästa' });
    const panel = await openPanel(canvas, userEvent);
    await userEvent.click(
      within(panel).getByRole('button', {
        name: /^Oläst Nya labbresultat finns att läsa\. 20 nov\./,
      }),
    );
    await expect(canvas.queryByRole('dialog', { name: 'Notiser' })).toBeNull();
    await expect(canvas.getByTestId('location')).toHaveTextContent('/lab-results');
    await expect(
      within(canvas.getByRole('main')).getByRole('heading', { name: 'Provsvar' }),
    ).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(within(nav).getByRole('link', { name: 'Provsvar' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(await canvas.findByRole('button', { name: 'Notiser, 2 olästa' })).toBeVisible();
    const reopened = await openPanel(canvas, userEvent);
    await expect(
      within(reopened).getByRole('button', { name: /^Nya labbresultat finns att läsa\. 20 nov\./ }),
    ).toHaveAttribute('data-status', 'READ');
  },
};

export const NotisKlickMisslyckas: Story = {
  name: 'Markera läst misslyckas (oförändrat)',
  parameters: { msw: shellMsw(...notificationScenarios.markReadFailure) },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('button', { name: 'Notiser, 3 olästa' });
    const panel = await openPanel(canvas, userEvent);
    await userEvent.click(within(panel).getByRole('button', { name: /^Oläst Nya labbresultat/ }));
    await expect(canvas.getByTestId('location')).toHaveTextContent('/lab-results');
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Failed to mark as read', expect.anything()),
    );
    await expect(bell(canvas)).toHaveAccessibleName('Notiser, 3 olästa');
    const reopened = await openPanel(canvas, userEvent);
    await expect(
      within(reopened).getByRole('button', {
        name: /^Oläst Nya labbresultat finns att läsa\. 20 nov\./,
      }),
    ).toHaveAttribute('data-status', 'UNREAD');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const MarkeraAllaSomLasta: Story = {
  name: 'Markera alla som lästa',
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('button', { name: 'Notiser, 3 olästa' });
    const panel = await openPanel(canvas, userEvent);
    await userEvent.click(within(panel).getByRole('button', { name: 'Markera alla som lästa' }));
    await waitFor(() => expect(bell(canvas)).toHaveAccessibleName('Notiser'));
    await expect(within(panel).queryByText('Oläst')).toBeNull();
  },
};

export const InstallningarForNotiser: Story = {
  name: 'Till inställningar för notiser',
  play: async ({ canvas, userEvent }) => {
    const panel = await openPanel(canvas, userEvent);
    await userEvent.click(within(panel).getByRole('link', { name: 'Inställningar för notiser' }));
    await expect(canvas.getByTestId('location')).toHaveTextContent('/profile/notifications');
    await expect(canvas.queryByRole('dialog', { name: 'Notiser' })).toBeNull();
    await expect(sidebarLinks(canvas, 'Profilmeny')).toEqual(['Mitt konto', 'Notiser']);
    await expect(
      within(canvas.getByRole('main')).getByRole('heading', { level: 1, name: 'Notiser' }),
    ).toBeVisible();
  },
};

export const AdminPaKlientsida: Story = {
  name: 'Administratör på en klientsida',
  args: { user: sessionUsers.admin },
  parameters: { route: { url: '/clients/1/overview' } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    await expect(within(nav).getByRole('link', { name: 'Klienter' })).not.toHaveAttribute(
      'aria-current',
    );
  },
};

export const AdminJournalinstallningar: Story = {
  name: 'Administratör: journalinställningar',
  args: { user: sessionUsers.admin },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Maria Berg' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Journalinställningar' }));
    await expect(canvas.getByTestId('location')).toHaveTextContent('/journal/general');
    await expect(sidebarLinks(canvas, 'Journalmeny')).toEqual(['Allmänt', 'Journalformulär']);
  },
};

export const LoggaUt: Story = {
  name: 'Logga ut',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Logga ut' }));
    await waitFor(() => expect(mockState.sessionUser).toBeNull());
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const UtloggningMisslyckas: Story = {
  name: 'Utloggning misslyckas',
  parameters: { msw: shellMsw(...authScenarios.logoutFailure) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Användarmeny för Anna Lindqvist' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Logga ut' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Utloggning misslyckades');
  },
};

export const HoppaTillInnehallet: Story = {
  name: 'Hoppa till innehållet',
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Hoppa till innehållet' });
    await expect(skip).toHaveFocus();
    await expect(skip.getBoundingClientRect().width).toBeGreaterThan(1);
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

const live = new FakeLiveClient();

/** A notice pushed over `/user/queue/notifications` lands on top and raises the count. */
export const LiveNotis: Story = {
  name: 'Ny notis i realtid',
  decorators: [
    (Story) => (
      <FakeLiveProvider live={live}>
        <Story />
      </FakeLiveProvider>
    ),
  ],
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('button', { name: 'Notiser, 3 olästa' });
    await expect(live.destinations).toContain(LiveDestinations.notifications);
    live.emit(LiveDestinations.notifications, {
      id: 201,
      status: 'UNREAD',
      type: 'ACTION_PLAN',
      message: 'En ny handlingsplan finns att läsa.',
      timestamp: new Date().toISOString(),
    });
    await expect(await canvas.findByRole('button', { name: 'Notiser, 4 olästa' })).toBeVisible();
    const panel = await openPanel(canvas, userEvent);
    await expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent(
      'En ny handlingsplan finns att läsa.',
    );
    // Something that is not a notification makes the list load again.
    mockState.notifications = [];
    live.emit(LiveDestinations.notifications, { changed: true });
    await waitFor(() => expect(bell(canvas)).toHaveAccessibleName('Notiser'));
  },
};

const messagesLive = new FakeLiveClient();

/** Unread messages to me, counted the way the server does. */
const unreadToMe = (me: number) =>
  mockState.conversations.flatMap((c) => c.messages).filter((m) => m.receiver === me && !m.isRead)
    .length;

/**
 * The widget button carries the unread messages of all conversations, kept live: a message
 * pushed on `/topic/users/{id}/conversations` raises it by exactly one even while the
 * conversation list in the widget is open too, and the server's summary sets it.
 */
export const OlastaMeddelandenPaKnappen: Story = {
  name: 'Olästa meddelanden på widgetknappen',
  args: {
    messagesTab: (intent: WidgetIntent | null) => <MessagesTab intent={intent} now={STORY_NOW} />,
  },
  decorators: [
    (Story) => (
      <FakeLiveProvider live={messagesLive}>
        <Story />
      </FakeLiveProvider>
    ),
  ],
  play: async ({ canvas, args, userEvent }) => {
    const me = args.user.id;
    const before = unreadToMe(me);
    await expect(before).toBeGreaterThan(0);
    const label = (n: number) => `Öppna meddelanden, ${n} ${n === 1 ? 'oläst' : 'olästa'}`;
    const button = await canvas.findByRole('button', { name: label(before) });
    await expect(canvas.getByTestId('widget-badge')).toHaveAttribute('data-count', String(before));

    // Open the list in the widget, so two parts of the page show the same live list.
    await userEvent.click(button);
    const widget = await canvas.findByRole('dialog', { name: 'Meddelanden' });
    await userEvent.click(within(widget).getByRole('tab', { name: 'Meddelande' }));
    await within(widget).findByRole('heading', { name: 'Senaste konversationer' });
    await expect(canvas.queryByTestId('widget-badge')).toBeNull();
    const conversation = mockState.conversations.find((c) => c.userIds.includes(me));
    if (!conversation) throw new Error('fixtures: no conversation with the story user');
    const partner =
      conversation.userIds[0] === me ? conversation.userIds[1] : conversation.userIds[0];
    const destination = LiveDestinations.userConversations(me);
    await waitFor(() => expect(messagesLive.destinations).toContain(destination));
    messagesLive.emit(destination, {
      id: 9001,
      conversationId: conversation.conversationId,
      sender: partner,
      receiver: me,
      content: 'Ett nytt meddelande',
      timestamp: new Date().toISOString(),
      isRead: false,
      isEdited: false,
      editedAt: null,
      originalFileName: null,
      clientMessageId: null,
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Stäng meddelanden' }));
    await expect(await canvas.findByRole('button', { name: label(before + 1) })).toBeVisible();
    await expect(canvas.getByTestId('widget-badge')).toHaveAttribute(
      'data-count',
      String(before + 1),
    );

    // The server's summaries say everything is read: the badge goes.
    for (const c of mockState.conversations.filter((x) => x.userIds.includes(me))) {
      for (const m of c.messages) m.isRead = true;
    }
    messagesLive.emit(destination, { changed: true });
    await expect(await canvas.findByRole('button', { name: 'Öppna meddelanden' })).toBeVisible();
    await expect(canvas.queryByTestId('widget-badge')).toBeNull();
  },
};

export const MeddelandeViaHandelse: Story = {
  name: 'Widgeten öppnas av en händelse',
  args: {
    messagesTab: (intent: WidgetIntent | null) =>
      intent?.type === 'open-conversation' ? (
        <p>Konversation {intent.conversationId}</p>
      ) : (
        <p>Senaste konversationer</p>
      ),
  },
  play: async ({ canvas }) => {
    openConversation(5);
    const widget = await canvas.findByRole('dialog', { name: 'Meddelanden' });
    await expect(within(widget).getByRole('tab', { name: 'Meddelande' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(within(widget).getByText('Konversation 5')).toBeVisible();
  },
};

export const Mobil: Story = {
  name: 'Mobil (320 px)',
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByRole('button', { name: 'Notiser, 3 olästa' })).toBeVisible();
    const nav = canvas.getByRole('navigation', { name: 'Huvudmeny' });
    const toggle = within(nav).getByRole('button', { name: 'Meny' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    await expect(within(nav).getByRole('link', { name: 'Provsvar' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const panel = await openPanel(canvas, userEvent);
    const rect = panel.getBoundingClientRect();
    await expect(rect.left).toBeGreaterThanOrEqual(0);
    await expect(rect.right).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** The last element of a long page is never under the widget button. */
export const SistaInnehalletSynligt: Story = {
  name: 'Sista innehållet hamnar inte under widgeten',
  args: {
    children: (
      <div className="space-y-4 p-4">
        {Array.from({ length: 40 }, (_, i) => (
          <p key={i}>Rad {i + 1}</p>
        ))}
        <p className="text-right">
          <a href="#slut">Sista länken</a>
        </p>
      </div>
    ),
  },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Sista länken' });
    link.focus();
    window.scrollTo(0, document.documentElement.scrollHeight);
    const button = canvas.getByRole('button', { name: /^Öppna meddelanden/ });
    await expect(link.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      button.getBoundingClientRect().top,
    );
  },
};
