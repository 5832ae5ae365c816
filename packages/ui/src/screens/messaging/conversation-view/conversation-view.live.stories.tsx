import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FakeLiveClient, LiveDestinations } from '@halsa/api/live';
import { storyMessage, withLive } from '../../../testing';
import { baseMeta, conversation, log } from './conversation-view.story-setup';

const meta = { ...baseMeta, title: 'Meddelanden/Konversation/Realtid' } satisfies Meta<
  typeof baseMeta.component
>;
export default meta;
type Story = StoryObj<typeof meta>;

const live = new FakeLiveClient();

/** `/topic/conversations/1/messages`: a new message appears (and is marked read), an edit replaces. */
export const Realtid: Story = {
  name: 'Nya meddelanden i realtid',
  decorators: [withLive(live)],
  play: async ({ canvas }) => {
    const messages = await log(canvas);
    const topic = LiveDestinations.conversationMessages(1);
    await waitFor(() => expect(live.destinations).toContain(topic));
    const incoming = storyMessage(
      1,
      3,
      1,
      'En sak till: ska jag vara fastande?',
      '2026-11-21T09:59:00.000Z',
      {
        isRead: false,
      },
    );
    conversation(1)?.messages.push({ ...incoming });
    live.emit(topic, incoming);
    await waitFor(() => expect(within(messages).getAllByRole('listitem')).toHaveLength(5));
    await expect(within(messages).getAllByRole('listitem')[4]).toHaveTextContent(
      'Anna Lindqvist: En sak till: ska jag vara fastande?',
    );
    await waitFor(() => expect(conversation(1)?.messages.at(-1)?.isRead).toBe(true));

    // The same message again (an edit) replaces it instead of adding a copy.
    live.emit(topic, {
      ...incoming,
      content: 'En sak till: ska jag vara fastande inför provet?',
      isEdited: true,
      editedAt: '2026-11-21T09:59:30.000Z',
    });
    await waitFor(() =>
      expect(within(messages).getAllByRole('listitem')[4]).toHaveTextContent('inför provet?'),
    );
    await expect(within(messages).getAllByRole('listitem')).toHaveLength(5);
  },
};

const reconnecting = new FakeLiveClient();

export const EfterAteranslutning: Story = {
  name: 'Hämtas igen efter återanslutning',
  decorators: [withLive(reconnecting)],
  play: async ({ canvas }) => {
    const messages = await log(canvas);
    // Sent while the socket was down: only a revalidation brings it in.
    conversation(1)?.messages.push(
      storyMessage(1, 3, 1, 'Skickat medan du var offline.', '2026-11-21T09:59:00.000Z'),
    );
    reconnecting.reconnect();
    await waitFor(() =>
      expect(within(messages).getByText('Skickat medan du var offline.')).toBeVisible(),
    );
  },
};
