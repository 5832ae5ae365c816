import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, spyOn, waitFor, within } from 'storybook/test';
import { answer } from '@halsa/api/mocks/handlers/endpoint';
import { errorResponse } from '@halsa/api/mocks/handlers/respond';
import { resetMockState } from '@halsa/api/mocks/state';
import { XSS_TEXTS, messagingMsw, xssConversation } from '../../../testing';
import { baseMeta, conversation, log } from './conversation-view.story-setup';

const meta = {
  ...baseMeta,
  title: 'Meddelanden/Konversation/Redigera och ladda ner',
} satisfies Meta<typeof baseMeta.component>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LankarOchSkydd: Story = {
  name: 'Länkar och skydd mot skadlig text',
  args: { conversationId: 80 },
  beforeEach: () => {
    resetMockState({ conversations: [xssConversation()] });
    (window as { __xss?: boolean }).__xss = false;
  },
  play: async ({ canvas }) => {
    const messages = await canvas.findByRole('log', { name: 'Lars Nilsson' });
    for (const text of XSS_TEXTS.slice(0, 5)) {
      await expect(within(messages).getByText(text)).toBeVisible();
    }
    await expect(messages.querySelector('script, img, b')).toBeNull();
    const links = within(messages).getAllByRole('link');
    await expect(links).toHaveLength(1);
    await expect(links[0]).toHaveAttribute('href', 'https://www.1177.se/');
    await expect((window as { __xss?: boolean }).__xss).toBe(false);
  },
};

export const RedigeratMeddelande: Story = {
  name: 'Redigerat meddelande (tid vid hovring och fokus)',
  play: async ({ canvas, userEvent }) => {
    const messages = await log(canvas);
    const marker = within(messages).getByRole('button', { name: 'Redigerat' });
    await expect(marker).toHaveAccessibleDescription(/^Redigerat 20 november 2026 kl\. \d\d:\d\d$/);
    const tooltip = within(messages).getByRole('tooltip', { hidden: true });
    await expect(tooltip).not.toBeVisible();
    await userEvent.hover(marker);
    await waitFor(() => expect(tooltip).toBeVisible());
    await userEvent.unhover(marker);
    marker.focus();
    await waitFor(() => expect(tooltip).toBeVisible());
  },
};

export const RedigeraEget: Story = {
  name: 'Redigera eget meddelande',
  play: async ({ canvas, userEvent }) => {
    const messages = await log(canvas);
    const item = within(messages).getAllByRole('listitem')[1] as HTMLElement;
    await userEvent.click(within(item).getByRole('button', { name: 'Redigera' }));
    const field = within(item).getByRole('textbox', { name: 'Redigera meddelande' });
    await expect(field).toHaveFocus();
    await userEvent.clear(field);
    await userEvent.type(field, 'Ditt ferritin är lite lågt, vi tar det på torsdag.');
    await userEvent.click(within(item).getByRole('button', { name: 'Spara' }));
    await waitFor(() => expect(within(item).queryByRole('textbox')).toBeNull());
    await expect(item).toHaveTextContent('Ditt ferritin är lite lågt, vi tar det på torsdag.');
    await expect(within(item).getByRole('button', { name: 'Redigerat' })).toBeVisible();
    await waitFor(() =>
      expect(within(item).getByRole('button', { name: 'Redigera' })).toHaveFocus(),
    );
    const stored = conversation(1)?.messages[1];
    await expect(stored?.isEdited).toBe(true);
    await expect(stored?.content).toBe('Ditt ferritin är lite lågt, vi tar det på torsdag.');
  },
};

export const TomRedigering: Story = {
  name: 'Tom redigering ger en varning',
  beforeEach: () => {
    const alert = spyOn(window, 'alert').mockImplementation(() => {});
    return () => alert.mockRestore();
  },
  play: async ({ canvas, userEvent }) => {
    const messages = await log(canvas);
    const item = within(messages).getAllByRole('listitem')[1] as HTMLElement;
    const before = conversation(1)?.messages[1]?.content;
    await userEvent.click(within(item).getByRole('button', { name: 'Redigera' }));
    const field = within(item).getByRole('textbox', { name: 'Redigera meddelande' });
    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    await userEvent.click(within(item).getByRole('button', { name: 'Spara' }));
    await expect(window.alert).toHaveBeenCalledWith('Du kan inte ha ett tomt meddelande.');
    // No call was made; the editor stays open.
    await expect(conversation(1)?.messages[1]?.content).toBe(before);
    await expect(conversation(1)?.messages[1]?.isEdited).toBe(false);
    await expect(within(item).getByRole('textbox', { name: 'Redigera meddelande' })).toBeVisible();
  },
};

export const RedigeringMisslyckas: Story = {
  name: 'Redigering misslyckas (loggas)',
  parameters: { msw: messagingMsw(answer('editMessage', () => errorResponse(500))) },
  play: async ({ canvas, userEvent }) => {
    const messages = await log(canvas);
    const item = within(messages).getAllByRole('listitem')[1] as HTMLElement;
    await userEvent.click(within(item).getByRole('button', { name: 'Redigera' }));
    await userEvent.type(within(item).getByRole('textbox'), ' Mvh Maria');
    await userEvent.click(within(item).getByRole('button', { name: 'Spara' }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Failed to edit message', expect.anything()),
    );
    await expect(within(item).getByRole('textbox', { name: 'Redigera meddelande' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const LaddaNer: Story = {
  name: 'Ladda ner konversation',
  beforeEach: () => {
    const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    return () => click.mockRestore();
  },
  play: async ({ canvas, userEvent }) => {
    await log(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Ladda ner konversation' }));
    await waitFor(() => expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledOnce());
    const link = (
      HTMLAnchorElement.prototype.click as unknown as { mock: { contexts: HTMLAnchorElement[] } }
    ).mock.contexts[0];
    await expect(link?.download).toBe('konversation-1.txt');
    await expect(link?.href).toMatch(/^blob:/);
  },
};

export const LaddaNerMisslyckas: Story = {
  name: 'Nedladdning misslyckas (loggas)',
  parameters: { msw: messagingMsw(answer('downloadConversation', () => errorResponse(500))) },
  play: async ({ canvas, userEvent }) => {
    await log(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Ladda ner konversation' }));
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        'Failed to download conversation',
        expect.anything(),
      ),
    );
    await expect(canvas.getByRole('button', { name: 'Ladda ner konversation' })).toBeEnabled();
  },
};
