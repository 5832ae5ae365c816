import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { resetMockState } from '@halsa/api/mocks';
import { mockState } from '@halsa/api/mocks/state';
import { Widget } from '../../../components/widget/widget';
import { openConversation, startConversation } from '@halsa/api';
import { STORY_NOW, widgetFrame, xssConversation } from '../../../testing';
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
