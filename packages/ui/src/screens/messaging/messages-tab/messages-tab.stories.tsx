import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { resetMockState } from '@halsa/api/mocks';
import { mockState } from '@halsa/api/mocks/state';
import { Widget } from '../../../components/widget/widget';
import { openConversation, startConversation } from '@halsa/api';
import type { StoredConversation } from '@halsa/api/mocks/fixtures/messaging';
import { STORY_NOW, storyMessage, widgetFrame, xssConversation } from '../../../testing';
import { MessagesTab } from './messages-tab';

const meta = {
  title: 'Meddelanden/Meddelandeflik',
  component: MessagesTab,
  args: { now: STORY_NOW },
  decorators: [widgetFrame],
} satisfies Meta<typeof MessagesTab>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ListaOchKonversation: Story = {
  name: 'Lista → konversation → tillbaka',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Lars Nilsson/ }));
    const heading = await canvas.findByRole('heading', { name: 'Lars Nilsson' });
    await waitFor(() => expect(heading).toHaveFocus());
    const log = await canvas.findByRole('log', { name: 'Lars Nilsson' });
    await expect(within(log).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(canvas.getByRole('button', { name: 'Tillbaka' }));
    const listHeading = await canvas.findByRole('heading', { name: 'Senaste konversationer' });
    await waitFor(() => expect(listHeading).toHaveFocus());
    // Opening it reset its unread count.
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: /Lars Nilsson/ })).not.toHaveAttribute(
        'data-unread',
      ),
    );
  },
};

export const NyKonversation: Story = {
  name: 'Ny konversation → öppnas',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Ny konversation' }));
    await waitFor(() =>
      expect(canvas.getByRole('heading', { name: 'Ny konversation' })).toHaveFocus(),
    );
    await userEvent.click(await canvas.findByRole('radio', { name: 'Karin Svensson Klient' }));
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Meddelande' }),
      'Hej Karin, hur mår du?',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    const log = await canvas.findByRole('log', { name: 'Karin Svensson' });
    await expect(within(log).getByText('Hej Karin, hur mår du?')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Tillbaka' }));
    await expect(await canvas.findByRole('button', { name: /Karin Svensson/ })).toBeInTheDocument();
  },
};

export const OppnaKonversation: Story = {
  name: 'Öppnas på en konversation',
  args: { intent: { type: 'open', conversationId: 4 } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Sofia Andersson' })).toBeVisible();
    const log = await canvas.findByRole('log', { name: 'Sofia Andersson' });
    await expect(within(log).getByRole('img', { name: 'Fil' })).toBeVisible();
  },
};

export const StartaKonversation: Story = {
  name: 'Öppnas för att skriva till en användare',
  args: { intent: { type: 'start', userId: 8, fullName: 'Elin Öberg' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Ny konversation' })).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Mottagare' })).toHaveTextContent(
      'Till: Elin Öberg',
    );
    await expect(await canvas.findByRole('radio', { name: 'Elin Öberg Klient' })).toBeChecked();
  },
};

/**
 * A short screen (the widget panel is at most the screen height minus the floating button):
 * the message log gives up height and scrolls, the send box stays in view.
 */
export const KortSkarm: Story = {
  name: 'Kort skärm: skrivrutan syns',
  args: { intent: { type: 'open', conversationId: 80 } },
  decorators: [
    (Story) => (
      <div data-testid="kort-panel" className="flex flex-col" style={{ height: 300 }}>
        <Story />
      </div>
    ),
  ],
  beforeEach: () => {
    resetMockState({ conversations: [xssConversation()] });
  },
  play: async ({ canvas }) => {
    const log = await canvas.findByRole('log', { name: 'Lars Nilsson' });
    const panel = canvas.getByTestId('kort-panel').getBoundingClientRect();
    const send = canvas.getByRole('button', { name: 'Skicka' }).getBoundingClientRect();
    await expect(send.bottom).toBeLessThanOrEqual(panel.bottom);
    await expect(canvas.getByRole('textbox', { name: 'Skriv ett meddelande' })).toBeVisible();
    await expect(log.scrollHeight).toBeGreaterThan(log.clientHeight);
  },
};

/** The real widget with the tab plugged in; its window events switch the view. */
export const IWidgeten: Story = {
  name: 'I meddelandewidgeten (fönsterhändelser)',
  render: () => (
    <Widget
      user={sessionUsers.admin}
      messagesTab={(intent) => <MessagesTab intent={intent} now={STORY_NOW} />}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    openConversation(3);
    const panel = await canvas.findByRole('dialog', { name: 'Meddelanden' });
    await expect(within(panel).getByRole('tab', { name: 'Meddelande' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(await within(panel).findByRole('heading', { name: 'Lars Nilsson' })).toBeVisible();

    startConversation(6, 'Karin Svensson');
    await expect(
      await within(panel).findByRole('heading', { name: 'Ny konversation' }),
    ).toBeVisible();
    await expect(within(panel).getByRole('group', { name: 'Mottagare' })).toHaveTextContent(
      'Till: Karin Svensson',
    );

    // The same conversation asked for again is a new intent.
    openConversation(3);
    await expect(await within(panel).findByRole('heading', { name: 'Lars Nilsson' })).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Tillbaka' }));
    openConversation(3);
    await expect(await within(panel).findByRole('heading', { name: 'Lars Nilsson' })).toBeVisible();
    await expect(mockState.conversations.length).toBeGreaterThan(0);
  },
};

/** Lars Nilsson (4) and Maria (1) agree on a new time: more messages than the log can show. */
const rebookingConversation = (): StoredConversation => ({
  conversationId: 81,
  userIds: [1, 4],
  messages: (
    [
      [4, 'Hej! Kan jag boka om mitt hälsosamtal?'],
      [1, 'Hej Lars, absolut. Vilken dag passar?'],
      [4, 'Tisdag eller onsdag förmiddag.'],
      [1, 'Onsdag kl. 9.30 går bra.'],
      [4, 'Perfekt, tack!'],
      [4, 'Ska jag ta med något?'],
      [1, 'Gärna din träningslogg.'],
    ] as const
  ).map(([sender, text], index) =>
    storyMessage(81, sender, sender === 4 ? 1 : 4, text, `2026-11-20T08:1${index}:00.000Z`),
  ),
});

/**
 * Issue 35: on a phone (320 px wide, 568 or 640 px high) the open conversation in the widget
 * shows several whole messages, not one: the widget's header and the send box turn compact and
 * the message log takes the height. The panel stays inside the screen and above the button.
 */
const showsThreeMessages: Story['play'] = async ({ canvas }) => {
  await expect(window.innerWidth).toBe(320);
  openConversation(81);
  const panel = await canvas.findByRole('dialog', { name: 'Meddelanden' });
  const log = await within(panel).findByRole('log', { name: 'Lars Nilsson' });
  const items = await within(log).findAllByRole('listitem');
  await expect(items).toHaveLength(7);
  // The newest message is in view.
  await waitFor(() =>
    expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 1),
  );
  const box = log.getBoundingClientRect();
  const whole = items.filter((item) => {
    const r = item.getBoundingClientRect();
    return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
  });
  await expect(whole.length).toBeGreaterThanOrEqual(3);
  await expect(within(log).getByText('Gärna din träningslogg.')).toBeVisible();

  const frame = panel.getBoundingClientRect();
  await expect(frame.top).toBeGreaterThanOrEqual(0);
  await expect(frame.right).toBeLessThanOrEqual(window.innerWidth);
  const button = canvas.getByRole('button', { name: 'Stäng meddelanden' });
  await expect(frame.bottom).toBeLessThanOrEqual(button.getBoundingClientRect().top);
  const send = within(panel).getByRole('button', { name: 'Skicka' }).getBoundingClientRect();
  await expect(send.bottom).toBeLessThanOrEqual(frame.bottom);
  await expect(within(panel).getByRole('textbox', { name: 'Skriv ett meddelande' })).toBeVisible();
};

const phoneWidget = {
  render: () => (
    <Widget
      user={sessionUsers.admin}
      messagesTab={(intent) => <MessagesTab intent={intent} now={STORY_NOW} />}
    />
  ),
  beforeEach: () => {
    resetMockState({ conversations: [rebookingConversation()] });
  },
  play: showsThreeMessages,
} satisfies Partial<Story>;

export const Mobil568: Story = {
  name: 'Mobil 320 × 568: flera meddelanden syns',
  ...phoneWidget,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

export const Mobil640: Story = {
  name: 'Mobil 320 × 640: flera meddelanden syns',
  ...phoneWidget,
  parameters: {
    viewport: {
      options: {
        mobil640: {
          name: 'Mobil 320 × 640',
          styles: { width: '320px', height: '640px' },
          type: 'mobile',
        },
      },
    },
  },
  globals: { viewport: { value: 'mobil640', isRotated: false } },
};

/** Erik Johansson (STAFF, 2) and Anna Lindqvist (USER, 3): one conversation from both sides. */
const coachConversation = (): StoredConversation => ({
  conversationId: 82,
  userIds: [2, 3],
  messages: (
    [
      [3, 'Hej Erik! Vad betyder LDL i mina provsvar?'],
      [2, 'Hej Anna! Det är kolesterol som kan lagras i kärlen.'],
      [3, 'Okej. Behöver jag göra något?'],
      [2, 'Vi går igenom det på torsdag.'],
      [3, 'Ska jag mejla min matlista till anna.lindqvist.halsa@example.com?'],
      [2, 'Skicka den här i stället.'],
      [3, 'Tack så mycket, då ses vi på torsdag.'],
    ] as const
  ).map(([sender, text], index) =>
    storyMessage(82, sender, sender === 3 ? 2 : 3, text, `2026-11-20T09:1${index}:00.000Z`),
  ),
});

/**
 * An open conversation with several bubbles in the widget, for the screenshot baselines at
 * 320, 360 and 1280 px (issue 35): every message is there and the newest is in view.
 */
const openCoachConversation = (user: typeof sessionUsers.staff, partner: string) =>
  ({
    render: () => (
      <Widget
        user={user}
        messagesTab={(intent) => <MessagesTab intent={intent} now={STORY_NOW} />}
      />
    ),
    beforeEach: () => {
      resetMockState({ sessionUser: { ...user }, conversations: [coachConversation()] });
    },
    play: async ({ canvas }) => {
      openConversation(82);
      const panel = await canvas.findByRole('dialog', { name: 'Meddelanden' });
      const log = await within(panel).findByRole('log', { name: partner });
      await expect(await within(log).findAllByRole('listitem')).toHaveLength(7);
      await waitFor(() =>
        expect(within(log).getByText('Tack så mycket, då ses vi på torsdag.')).toBeVisible(),
      );
      await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    },
  }) satisfies Partial<Story>;

export const OppenKonversationPersonal: Story = {
  name: 'Öppen konversation – personalens sida',
  ...openCoachConversation(sessionUsers.staff, 'Anna Lindqvist'),
};

export const OppenKonversationKlient: Story = {
  name: 'Öppen konversation – klientens sida',
  ...openCoachConversation(sessionUsers.user, 'Erik Johansson'),
};
