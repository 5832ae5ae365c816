// Shared by the conversation-view story files (split by purpose); not a story file itself.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, spyOn } from 'storybook/test';
import { clearPendingMessages, loadPendingMessages } from '@halsa/api';
import { mockState } from '@halsa/api/mocks/state';
import { STORY_NOW, widgetFrame } from '../../../testing';
import { ConversationView } from './conversation-view';

/** Bodies of the sends a story records (recordSends below); emptied before every story. */
export const sendBodies: { clientMessageId?: string; content: string }[] = [];

/** Short waits between automatic tries, so stories that fail a send stay fast. */
export const STORY_RETRY_DELAYS = [50, 100];

export const baseMeta = {
  component: ConversationView,
  args: { conversationId: 1, onBack: fn(), now: STORY_NOW, retryDelays: STORY_RETRY_DELAYS },
  decorators: [widgetFrame],
  beforeEach: () => {
    const error = spyOn(console, 'error').mockImplementation(() => {});
    // Unsent messages kept for a reload must not leak from one story into the next.
    clearPendingMessages();
    sendBodies.length = 0;
    return () => {
      error.mockRestore();
      clearPendingMessages();
    };
  },
} satisfies Omit<Meta<typeof ConversationView>, 'title'>;

/** Where the mocked server keeps an uploaded attachment (the contract's `messageAttachment`). */
export const ATTACHMENT_HREF = /^\/api\/v1\/user\/messaging\/files\/[0-9a-f-]{36}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const log = (canvas: Canvas) => canvas.findByRole('log', { name: 'Anna Lindqvist' });
export const conversation = (id: number) =>
  mockState.conversations.find((c) => c.conversationId === id);
/** The signed-in user of the mocks (Maria Berg). */
export const me = () => mockState.sessionUser?.id ?? 0;
/** The unsent messages of conversation 1 kept in sessionStorage for a reload. */
export const storedPending = () => loadPendingMessages(me(), 1);
export const withContent = (content: string) =>
  conversation(1)?.messages.filter((m) => m.content === content) ?? [];

type Story = StoryObj<typeof baseMeta>;
export type StoryContext = Parameters<NonNullable<Story['play']>>[0];
export type Canvas = StoryContext['canvas'];
