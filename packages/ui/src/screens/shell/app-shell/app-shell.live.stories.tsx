import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FakeLiveClient, FakeLiveProvider, LiveDestinations } from '@halsa/api/live';
import { mockState } from '@halsa/api/mocks/state';
import { openConversation } from '@halsa/api';
import type { WidgetIntent } from '../../../components/widget/widget-events';
import { MessagesTab } from '../../messaging/messages-tab/messages-tab';
import { STORY_NOW } from '../../../testing';
import { baseMeta, bell, openPanel } from './app-shell.story-setup';

const meta = { ...baseMeta, title: 'Skal/Inloggad layout/Realtid och mobil' } satisfies Meta<
  typeof baseMeta.component
>;
export default meta;
type Story = StoryObj<typeof meta>;

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
 * conversation list in the widget is open too (the count is asked again from the server on each
 * event), and the server's summary sets it.
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
    const pushed = {
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
    };
    // The server has stored the message it pushes: the badge's count, asked again on the event
    // (issue 38), counts it too.
    conversation.messages.push(pushed);
    messagesLive.emit(destination, pushed);
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

/** A new-message mail links `/overview?samtal=5`: the widget opens on that conversation (issue 35). */
export const SamtalFranEpost: Story = {
  name: 'Länk från e-post öppnar samtalet',
  args: MeddelandeViaHandelse.args,
  parameters: { route: { url: '/overview?samtal=5' } },
  play: async ({ canvas }) => {
    const widget = await canvas.findByRole('dialog', { name: 'Meddelanden' });
    await expect(within(widget).getByRole('tab', { name: 'Meddelande' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(within(widget).getByText('Konversation 5')).toBeVisible();
    // The parameter is spent: a reload or a back step does not open it again.
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent(/\/overview$/));
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
