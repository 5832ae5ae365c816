import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { FakeLiveClient, LiveDestinations } from '@halsa/api/live';
import { messagingScenarios } from '@halsa/api/mocks/handlers/messaging';
import { resetMockState } from '@halsa/api/mocks/state';
import {
  STORY_NOW,
  liveConversation,
  messagingMsw,
  sortingConversations,
  storyMessage,
  widgetFrame,
  withLive,
} from '../../../testing';
import { ConversationList } from './conversation-list';

const meta = {
  title: 'Meddelanden/Konversationslista',
  component: ConversationList,
  args: { onOpenConversation: fn(), onNewConversation: fn(), now: STORY_NOW },
  decorators: [widgetFrame],
} satisfies Meta<typeof ConversationList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The text of the list items, in order. */
const itemTexts = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

export const Standard: Story = {
  name: 'Standard (senaste först)',
  play: async ({ canvas, args, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Senaste konversationer' })).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Senaste konversationer' });
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(3);
    await expect(items[0]).toHaveTextContent('Anna Lindqvist');
    await expect(items[0]).toHaveTextContent('Tack så mycket, då ses vi på torsdag.');
    await expect(items[0]).toHaveTextContent('1 dag sedan');
    await expect(items[1]).toHaveTextContent('Lars Nilsson');
    await expect(items[1]).toHaveTextContent('2 dagar sedan');
    await expect(items[2]).toHaveTextContent('Sofia Andersson');
    // A file message shows the file name.
    await expect(items[2]).toHaveTextContent('Traningslogg_september.xlsx');
    await expect(items[2]).toHaveTextContent('1 månad sedan');
    await expect(canvas.getByRole('combobox', { name: 'Sortera efter' })).toHaveValue('latest');
    await expect(
      within(canvas.getByRole('combobox', { name: 'Sortera efter' })).getByRole('option', {
        selected: true,
      }),
    ).toHaveTextContent('Senaste');

    await userEvent.click(canvas.getByRole('button', { name: /Lars Nilsson/ }));
    await expect(args.onOpenConversation).toHaveBeenCalledWith(
      expect.objectContaining({ conversationId: 3 }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Ny konversation' }));
    await expect(args.onNewConversation).toHaveBeenCalledOnce();
  },
};

export const Olasta: Story = {
  name: 'Olästa meddelanden',
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: 'Senaste konversationer' });
    await expect(canvas.getByText('1 oläst')).toBeInTheDocument();
    await expect(canvas.getByText('2 olästa')).toBeInTheDocument();
    const anna = canvas.getByRole('button', { name: /Anna Lindqvist/ });
    const sofia = canvas.getByRole('button', { name: /Sofia Andersson/ });
    await expect(anna).toHaveAttribute('data-unread');
    await expect(anna).toHaveAccessibleName(/1 oläst$/);
    await expect(canvas.getByRole('button', { name: /Lars Nilsson/ })).toHaveAccessibleName(
      /2 olästa$/,
    );
    await expect(sofia).not.toHaveAttribute('data-unread');
    await expect(within(sofia).queryByText(/oläst/)).toBeNull();
  },
};

export const Tom: Story = {
  name: 'Inga konversationer',
  parameters: { msw: messagingMsw(...messagingScenarios.noConversations) },
  play: async ({ canvas, args, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', {
        name: 'Du har inga konversationer, starta en ny konversation!',
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Ny konversation' }));
    await expect(args.onNewConversation).toHaveBeenCalledOnce();
  },
};

export const Fel: Story = {
  name: 'Kunde inte hämta',
  parameters: { msw: messagingMsw(...messagingScenarios.error(500)) },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Kunde inte hämta konversationer');
    await expect(within(alert).getByRole('button', { name: 'Försök igen' })).toBeVisible();
  },
};

export const Laddar: Story = {
  name: 'Laddar',
  parameters: { msw: messagingMsw(...messagingScenarios.loading) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Hämtar konversationer…');
    await expect(canvas.getByRole('button', { name: 'Ny konversation' })).toBeEnabled();
  },
};

const sortingState = () => {
  resetMockState({ conversations: sortingConversations() });
};

export const SorteradPaNamn: Story = {
  name: 'Sorterad på namn',
  beforeEach: sortingState,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await canvas.findByRole('list', { name: 'Senaste konversationer' });
    const names = () => itemTexts(canvasElement);
    await waitFor(() => expect(names()[0]).toContain('Karin Svensson'));
    await expect(names()[1]).toContain('Anna Lindqvist');
    await expect(names()[2]).toContain('Lars Nilsson');
    await expect(names()[3]).toContain('Erik Johansson');

    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Sortera efter' }), 'Namn');
    await expect(canvas.getByRole('combobox', { name: 'Sortera efter' })).toHaveValue('name');
    const sorted = names();
    await expect(sorted[0]).toContain('Anna Lindqvist');
    await expect(sorted[1]).toContain('Erik Johansson');
    await expect(sorted[2]).toContain('Karin Svensson');
    await expect(sorted[3]).toContain('Lars Nilsson');
  },
};

export const SorteradPaStatus: Story = {
  name: 'Sorterad på status (olästa först)',
  beforeEach: sortingState,
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('list', { name: 'Senaste konversationer' });
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Sortera efter' }),
      'Status',
    );
    const items = canvas.getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent('Lars Nilsson');
    await expect(items[0]).toHaveTextContent('2 olästa');
    await expect(items[1]).toHaveTextContent('Erik Johansson');
    await expect(items[1]).toHaveTextContent('1 oläst');
    await expect(items[2]).toHaveTextContent('Karin Svensson');
    await expect(items[3]).toHaveTextContent('Anna Lindqvist');
    // A file message shows its name.
    await expect(items[3]).toHaveTextContent('Blodprov_2026-11-19.pdf');
    await expect(items[2]).toHaveTextContent('30 minuter sedan');
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Sortera efter' }),
      'Senaste',
    );
    await expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent('Karin Svensson');
  },
};

export const Tangentbord: Story = {
  name: 'Med tangentbordet',
  play: async ({ canvas, args, userEvent }) => {
    await canvas.findByRole('list', { name: 'Senaste konversationer' });
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Ny konversation' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: 'Sortera efter' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /Anna Lindqvist/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpenConversation).toHaveBeenCalledWith(
      expect.objectContaining({ conversationId: 1 }),
    );
  },
};

const live = new FakeLiveClient();

/** `/topic/users/1/conversations`: a new conversation is prepended, a message raises a count. */
export const Realtid: Story = {
  name: 'Uppdateras i realtid',
  decorators: [withLive(live)],
  play: async ({ canvas }) => {
    await canvas.findByRole('list', { name: 'Senaste konversationer' });
    await waitFor(() => expect(live.destinations).toContain(LiveDestinations.userConversations(1)));
    const topic = LiveDestinations.userConversations(1);

    // A new conversation lands on top.
    live.emit(topic, liveConversation());
    await waitFor(() =>
      expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent('Karin Svensson'),
    );
    await expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent('1 oläst');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);

    // The same conversation again replaces it.
    live.emit(topic, liveConversation({ unreadCount: 2 }));
    await waitFor(() => expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent('2 olästa'));
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);

    // A new unread message to me moves its conversation up and raises the count.
    live.emit(
      topic,
      storyMessage(4, 5, 1, 'Jag har skickat loggen nu.', '2026-11-21T09:59:00.000Z', {
        isRead: false,
      }),
    );
    await waitFor(() =>
      expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent('Sofia Andersson'),
    );
    await expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent(
      'Jag har skickat loggen nu.',
    );
    await expect(canvas.getAllByRole('listitem')[0]).toHaveTextContent('1 oläst');
  },
};
