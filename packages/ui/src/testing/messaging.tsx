// Messaging story fixtures: frames, a fake live connection, conversations for every case.
import type { ReactNode } from 'react';
import type { Conversation, Message } from '@halsa/api/contract';
import { FakeLiveProvider, type FakeLiveClient } from '@halsa/api/live';
import type { StoredConversation } from '@halsa/api/mocks/fixtures/messaging';
import { MOCK_NOW } from '@halsa/api/mocks/state';

/** The mocks' "now", so relative times in stories never drift. */
export const STORY_NOW = new Date(MOCK_NOW);

/** The widget's panel: narrow, on a white card, so stories look like the real thing. */
export function WidgetFrame({ children }: { children: ReactNode }) {
  return (
    <div className="p-4">
      <div className="w-full max-w-sm rounded-card border border-border bg-surface p-4 shadow-card">
        {children}
      </div>
    </div>
  );
}

export const widgetFrame = (Story: () => ReactNode) => (
  <WidgetFrame>
    <Story />
  </WidgetFrame>
);

/** Wraps a story in a FakeLiveProvider driven by `live`. */
export const withLive = (live: FakeLiveClient) =>
  function LiveDecorator(Story: () => ReactNode) {
    return (
      <FakeLiveProvider live={live}>
        <Story />
      </FakeLiveProvider>
    );
  };

let nextStoryId = 5000;

/** A stored message for story state (ids from 5000 up). */
export function storyMessage(
  conversationId: number,
  sender: number,
  receiver: number,
  content: string,
  timestamp: string,
  extra: Partial<Message> = {},
): Message {
  nextStoryId += 1;
  return {
    id: nextStoryId,
    conversationId,
    sender,
    receiver,
    content,
    timestamp,
    isRead: true,
    isEdited: false,
    editedAt: null,
    originalFileName: null,
    clientMessageId: null,
    ...extra,
  };
}

/**
 * Maria Berg (1) talks with Karin (6), Lars (4), Anna (3) and Erik (2) so that every sort gives
 * another order: latest Karin, Anna, Lars, Erik · name Anna, Erik, Karin, Lars · status (unread
 * first) Lars, Erik, Karin, Anna.
 */
export const sortingConversations = (): StoredConversation[] => [
  {
    conversationId: 61,
    userIds: [1, 6],
    messages: [storyMessage(61, 6, 1, 'Tack för hjälpen!', '2026-11-21T09:30:00.000Z')],
  },
  {
    conversationId: 62,
    userIds: [1, 4],
    messages: [
      storyMessage(62, 4, 1, 'Hej, kan vi ses på tisdag?', '2026-11-18T11:20:00.000Z', {
        isRead: false,
      }),
      storyMessage(62, 4, 1, 'Eller onsdag förmiddag.', '2026-11-18T11:21:00.000Z', {
        isRead: false,
      }),
    ],
  },
  {
    conversationId: 63,
    userIds: [1, 3],
    messages: [
      storyMessage(
        63,
        1,
        3,
        'Här är dina provsvar.\n/files/Blodprov_2026-11-19.pdf',
        '2026-11-19T09:31:00.000Z',
        { originalFileName: 'Blodprov_2026-11-19.pdf' },
      ),
    ],
  },
  {
    conversationId: 64,
    userIds: [1, 2],
    messages: [
      storyMessage(64, 2, 1, 'Kan du titta på schemat?', '2026-11-10T08:00:00.000Z', {
        isRead: false,
      }),
    ],
  },
];

/** Maria (1) and Anna (3): one file message of every kind, plus a plain text. */
export const fileKindsConversation = (): StoredConversation => ({
  conversationId: 70,
  userIds: [1, 3],
  messages: [
    storyMessage(70, 3, 1, 'Här kommer mina papper.', '2026-11-20T08:00:00.000Z'),
    storyMessage(70, 3, 1, 'Remissen\n/files/Remiss.pdf', '2026-11-20T08:01:00.000Z', {
      originalFileName: 'Remiss.pdf',
    }),
    storyMessage(70, 3, 1, 'Utslaget på armen\n/files/Arm.jpg', '2026-11-20T08:02:00.000Z', {
      originalFileName: 'Arm.jpg',
    }),
    storyMessage(70, 3, 1, '\n/files/Kost_vecka_47.JPEG', '2026-11-20T08:03:00.000Z', {
      originalFileName: 'Kost_vecka_47.JPEG',
    }),
    storyMessage(70, 1, 3, 'Din sömnkurva\n/files/Somn.png', '2026-11-20T09:00:00.000Z', {
      originalFileName: 'Somn.png',
    }),
    storyMessage(
      70,
      1,
      3,
      'Träningsloggen\n/files/Traningslogg_november.xlsx',
      '2026-11-20T09:05:00.000Z',
      { originalFileName: 'Traningslogg_november.xlsx' },
    ),
  ],
});

/** Maria (1) and Lars (4): text that tries HTML, script and non-http links, and a real link. */
export const XSS_TEXTS = [
  '<script>window.__xss = true</script>',
  '<img src=x onerror="window.__xss = true">',
  '[klicka](javascript:window.__xss=true)',
  'JAVASCRIPT:window.__xss=true',
  'data:text/html,<b>fet</b>',
  '**inte fet** och https://www.1177.se/ är en riktig länk.',
] as const;

export const xssConversation = (): StoredConversation => ({
  conversationId: 80,
  userIds: [1, 4],
  messages: XSS_TEXTS.map((text, index) =>
    storyMessage(80, 4, 1, text, `2026-11-20T08:0${index}:00.000Z`),
  ),
});

/** A conversation as the live topic of a user's list sends it. */
export const liveConversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  conversationId: 90,
  partner: { id: 6, fullName: 'Karin Svensson', imageUrl: null },
  lastMessage: {
    content: 'Hej! Jag har en fråga om min handlingsplan.',
    originalFileName: null,
    timestamp: '2026-11-21T09:58:00.000Z',
    createdAt: '2026-11-21T09:58:00.000Z',
  },
  unreadCount: 1,
  messages: [],
  ...overrides,
});
