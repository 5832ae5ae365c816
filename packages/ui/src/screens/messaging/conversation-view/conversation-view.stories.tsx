import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { messagingScenarios } from '@halsa/api/mocks/handlers/messaging';
import { answer } from '@halsa/api/mocks/handlers/endpoint';
import { errorResponse } from '@halsa/api/mocks/handlers/respond';
import { loadingFor } from '@halsa/api/mocks/handlers/scenarios';
import { DEMO_ATTACHMENT_ID } from '@halsa/api/mocks/fixtures/messaging';
import { messagingMsw } from '../../../testing';
import { baseMeta, conversation, log } from './conversation-view.story-setup';

const meta = { ...baseMeta, title: 'Meddelanden/Konversation/Tillstånd' } satisfies Meta<
  typeof baseMeta.component
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Meddelanden: Story = {
  name: 'Meddelanden',
  play: async ({ canvas, args, userEvent }) => {
    await expect(await canvas.findByRole('heading', { name: 'Anna Lindqvist' })).toBeVisible();
    const messages = await log(canvas);
    await expect(messages).toHaveAttribute('aria-live', 'polite');
    const items = within(messages).getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(items[0]).toHaveTextContent('Anna Lindqvist: Hej! Jag har fått en notis');
    await expect(items[1]).toHaveTextContent('Du: Hej Anna! Ditt ferritin');
    await expect(items[2]).toHaveTextContent('Här är sammanställningen av dina provsvar.');
    await expect(items[3]).toHaveTextContent('Tack så mycket, då ses vi på torsdag.');

    // Links in text open in a new tab; file messages have an icon and a download link.
    const link = within(messages).getByRole('link', {
      name: 'https://www.1177.se/ (öppnas i ny flik)',
    });
    await expect(link).toHaveAttribute('href', 'https://www.1177.se/');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(
      within(items[2] as HTMLElement).getByRole('img', { name: 'PDF-fil' }),
    ).toBeVisible();
    await expect(
      within(messages).getByRole('link', { name: 'Ladda ner Blodprov_2026-10-12.pdf' }),
    ).toHaveAttribute('href', `/api/v1/user/messaging/files/${DEMO_ATTACHMENT_ID}`);

    // Only my own text message can be edited.
    await expect(within(messages).getAllByRole('button', { name: 'Redigera' })).toHaveLength(1);
    await expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Redigera' }),
    ).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Tillbaka' }));
    await expect(args.onBack).toHaveBeenCalledOnce();
  },
};

/** Spec §4: each received unread message is marked read as it is shown (PUT), mine are not. */
export const MarkerasSomLast: Story = {
  name: 'Olästa markeras som lästa',
  play: async ({ canvas }) => {
    await log(canvas);
    await waitFor(() => expect(conversation(1)?.messages.at(-1)?.isRead).toBe(true));
    await expect(console.error).not.toHaveBeenCalled();
  },
};

export const MarkeraLastMisslyckas: Story = {
  name: 'Markera som läst misslyckas (loggas)',
  parameters: { msw: messagingMsw(answer('markMessageRead', () => errorResponse(500))) },
  play: async ({ canvas }) => {
    await log(canvas);
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith('Failed to mark as read', expect.anything()),
    );
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Tom: Story = {
  name: 'Inga meddelanden',
  parameters: { msw: messagingMsw(...messagingScenarios.emptyConversation) },
  play: async ({ canvas }) => {
    const messages = await log(canvas);
    await expect(
      within(messages).getByText('Inga meddelanden i denna konversation.'),
    ).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Skriv ett meddelande' })).toBeVisible();
  },
};

export const Fel: Story = {
  name: 'Kunde inte hämta meddelanden',
  parameters: { msw: messagingMsw(...messagingScenarios.conversationError) },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Kunde inte hämta meddelanden.');
    await expect(within(alert).getByRole('button', { name: 'Försök igen' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Konversation' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Skicka' })).toBeNull();
  },
};

export const Laddar: Story = {
  name: 'Laddar',
  parameters: { msw: messagingMsw(...loadingFor(['conversation'])) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Hämtar meddelanden…');
  },
};
