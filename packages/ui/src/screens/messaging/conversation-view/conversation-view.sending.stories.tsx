import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { HttpResponse } from 'msw';
import { addPendingMessage, pendingMessagesKey } from '@halsa/api';
import { answer } from '@halsa/api/mocks/handlers/endpoint';
import { errorResponse } from '@halsa/api/mocks/handlers/respond';
import { loadingFor } from '@halsa/api/mocks/handlers/scenarios';
import { messagingMsw, storyMessage } from '../../../testing';
import type { Canvas } from './conversation-view.story-setup';
import {
  baseMeta,
  conversation,
  log,
  me,
  sendBodies,
  storedPending,
  withContent,
} from './conversation-view.story-setup';

const meta = { ...baseMeta, title: 'Meddelanden/Konversation/Skicka' } satisfies Meta<
  typeof baseMeta.component
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Skicka: Story = {
  name: 'Skicka ett meddelande',
  play: async ({ canvas, userEvent }) => {
    const messages = await log(canvas);
    const field = canvas.getByRole('textbox', { name: 'Skriv ett meddelande' });
    await userEvent.type(field, 'Tack, vi ses på torsdag!');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await expect(field).toHaveValue('');
    await waitFor(() => expect(within(messages).getAllByRole('listitem')).toHaveLength(5));
    await waitFor(() =>
      expect(within(messages).getAllByRole('listitem')[4]).toHaveTextContent(
        'Du: Tack, vi ses på torsdag!',
      ),
    );
    await waitFor(() => expect(within(messages).queryByText('Skickas…')).toBeNull());
    const sent = conversation(1)?.messages.at(-1);
    await expect(sent?.content).toBe('Tack, vi ses på torsdag!');
    await expect(sent?.clientMessageId).toMatch(/^[0-9a-f-]{36}$/);
  },
};

export const TomtIgnoreras: Story = {
  name: 'Tom text utan fil skickas inte',
  play: async ({ canvas, userEvent }) => {
    const messages = await log(canvas);
    const before = conversation(1)?.messages.length;
    await userEvent.type(canvas.getByRole('textbox', { name: 'Skriv ett meddelande' }), '   ');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await expect(within(messages).getAllByRole('listitem')).toHaveLength(4);
    await expect(within(messages).queryByText('Skickas…')).toBeNull();
    await expect(conversation(1)?.messages.length).toBe(before);
  },
};

export const Skickas: Story = {
  name: 'Skickas…',
  parameters: { msw: messagingMsw(...loadingFor(['sendMessage'])) },
  play: async ({ canvas, userEvent }) => {
    const messages = await log(canvas);
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Skriv ett meddelande' }),
      'Ett meddelande på väg',
    );
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    const pending = await within(messages).findByText('Skickas…');
    await expect(pending.closest('li')).toHaveTextContent('Du: Ett meddelande på väg');
    await expect(within(pending.closest('li') as HTMLElement).queryByRole('button')).toBeNull();
  },
};

/** Records every send body; `fail(n)` (the call's number, from 1) may answer instead. */
const recordSends = (fail: (call: number) => Response | undefined) =>
  answer('sendMessage', async ({ request }) => {
    sendBodies.push((await request.clone().json()) as (typeof sendBodies)[number]);
    return fail(sendBodies.length);
  });

const messageField = (canvas: Canvas) =>
  canvas.getByRole('textbox', { name: 'Skriv ett meddelande' });

/** The first send gets no answer at all (a network error); later ones reach the server. */
const firstSendLost = messagingMsw(
  recordSends((call) => (call === 1 ? HttpResponse.error() : undefined)),
);

/** Types and sends `text`; resolves once the first try has failed (and was logged). */
async function sendAndFailFirst(
  canvas: Canvas,
  userEvent: Parameters<NonNullable<Story['play']>>[0]['userEvent'],
  text: string,
) {
  await userEvent.type(messageField(canvas), text);
  await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
  await waitFor(() =>
    expect(console.error).toHaveBeenCalledWith('Failed to send message', expect.anything()),
  );
}

/**
 * After `tries` sends of one message: shown once among the 5 messages, every try with the same
 * clientMessageId, stored once by the server and no longer kept for a reload.
 */
async function expectSentOnce(messages: HTMLElement, text: string, tries: number) {
  await waitFor(() => expect(within(messages).queryByText('Skickas…')).toBeNull());
  await expect(within(messages).getAllByText(text)).toHaveLength(1);
  await expect(within(messages).getAllByRole('listitem')).toHaveLength(5);
  await expect(sendBodies).toHaveLength(tries);
  for (const body of sendBodies) {
    await expect(body.clientMessageId).toBe(sendBodies[0]?.clientMessageId);
  }
  await expect(withContent(text)).toHaveLength(1);
  await expect(storedPending()).toEqual([]);
}

/**
 * The server fails (500) the first send and both automatic tries after it: then the message
 * says 'Kunde inte skickas', and 'Försök igen' sends again with the same clientMessageId.
 */
export const MisslyckadSandning: Story = {
  name: 'Kunde inte skickas, försök igen',
  args: { retryDelays: [20, 40] },
  parameters: {
    msw: messagingMsw(recordSends((call) => (call <= 3 ? errorResponse(500) : undefined))),
  },
  play: async ({ canvas, userEvent }) => {
    const messages = await log(canvas);
    await userEvent.type(messageField(canvas), 'Hallå?');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    const failed = await within(messages).findByText('Kunde inte skickas');
    const item = failed.closest('li') as HTMLElement;
    await expect(item).toHaveTextContent('Du: Hallå?');
    await expect(console.error).toHaveBeenCalledWith('Failed to send message', expect.anything());
    await expect(sendBodies).toHaveLength(3);

    await userEvent.click(within(item).getByRole('button', { name: 'Försök igen' }));
    await waitFor(() => expect(within(messages).queryByText('Kunde inte skickas')).toBeNull());
    await expectSentOnce(messages, 'Hallå?', 4);
  },
};

/**
 * Issue 6 req. 3: the first send gets no answer at all (network error); the message stays
 * 'Skickas…', is sent again by itself with the same clientMessageId and shows once.
 */
export const SkickasNarNatetArTillbaka: Story = {
  name: 'Skickas när nätet är tillbaka',
  args: { retryDelays: [400] },
  parameters: { msw: firstSendLost },
  play: async ({ canvas, userEvent }) => {
    const messages = await log(canvas);
    await sendAndFailFirst(canvas, userEvent, 'Hör du mig nu?');
    await expect(sendBodies).toHaveLength(1);
    // Waiting for the next try: still on its way, nothing to click.
    const pending = within(messages).getByText('Skickas…').closest('li') as HTMLElement;
    await expect(pending).toHaveTextContent('Du: Hör du mig nu?');
    await expect(within(messages).queryByText('Kunde inte skickas')).toBeNull();
    await expect(within(pending).queryByRole('button')).toBeNull();

    await expectSentOnce(messages, 'Hör du mig nu?', 2);
  },
};

/** The browser's `online` event sends a waiting message at once, not after its long wait. */
export const SkickasDirektVidOnline: Story = {
  name: 'Skickas direkt när webbläsaren är online igen',
  args: { retryDelays: [60_000] },
  parameters: { msw: firstSendLost },
  play: async ({ canvas, userEvent }) => {
    const messages = await log(canvas);
    await sendAndFailFirst(canvas, userEvent, 'Skrivet på tåget');
    await expect(within(messages).getByText('Skickas…')).toBeVisible();
    window.dispatchEvent(new Event('online'));
    await expectSentOnce(messages, 'Skrivet på tåget', 2);
  },
};

/**
 * A 4xx answer (not 429) would only fail again: 'Kunde inte skickas' at once and no automatic
 * try. The failed text is kept for a reload until 'Ta bort'.
 */
export const AvvisadSandning: Story = {
  name: 'Avvisat meddelande skickas inte igen av sig självt',
  args: { retryDelays: [100, 100] },
  parameters: {
    msw: messagingMsw(recordSends(() => errorResponse(400, 'Ogiltig förfrågan.'))),
  },
  play: async ({ canvas, userEvent }) => {
    const messages = await log(canvas);
    await userEvent.type(messageField(canvas), 'Ett avvisat meddelande');
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    const failed = await within(messages).findByText('Kunde inte skickas');
    const item = failed.closest('li') as HTMLElement;
    await expect(within(item).getByRole('button', { name: 'Försök igen' })).toBeVisible();
    // Past the first (and second) wait: still one call, still failed.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(sendBodies).toHaveLength(1);
    await expect(within(messages).getByText('Kunde inte skickas')).toBeVisible();
    await expect(storedPending()).toEqual([
      expect.objectContaining({
        clientMessageId: sendBodies[0]?.clientMessageId,
        text: 'Ett avvisat meddelande',
      }),
    ]);

    await userEvent.click(within(item).getByRole('button', { name: 'Ta bort' }));
    await expect(within(messages).queryByText('Ett avvisat meddelande')).toBeNull();
    await expect(storedPending()).toEqual([]);
    await expect(sendBodies).toHaveLength(1);
  },
};

const RESTORED_ID = '6f1c2b7e-3d4a-4b5c-8d9e-0a1b2c3d4e5f';
const restoredText = 'Skrivet före omladdningen';

/**
 * A message kept in sessionStorage (the page was reloaded before the server answered) is shown
 * again and sent at once with its clientMessageId; once confirmed it is shown once and no longer
 * stored.
 */
export const FinnsKvarEfterOmladdning: Story = {
  name: 'Finns kvar efter omladdning',
  parameters: { msw: messagingMsw(recordSends(() => undefined)) },
  beforeEach: () => {
    addPendingMessage(me(), 1, {
      clientMessageId: RESTORED_ID,
      text: restoredText,
      timestamp: '2026-11-21T09:58:00.000Z',
    });
  },
  play: async ({ canvas }) => {
    const messages = await log(canvas);
    await waitFor(() => expect(sendBodies).toHaveLength(1));
    await expect(sendBodies[0]).toMatchObject({
      clientMessageId: RESTORED_ID,
      content: restoredText,
    });
    await waitFor(() => expect(within(messages).queryByText('Skickas…')).toBeNull());
    await expect(within(messages).getAllByText(restoredText)).toHaveLength(1);
    await expect(within(messages).getAllByRole('listitem')).toHaveLength(5);
    await expect(within(messages).getAllByRole('listitem')[4]).toHaveTextContent(
      `Du: ${restoredText}`,
    );
    await expect(withContent(restoredText)).toHaveLength(1);
    await expect(withContent(restoredText)[0]?.clientMessageId).toBe(RESTORED_ID);
    await waitFor(() => expect(storedPending()).toEqual([]));
    await expect(sessionStorage.getItem(pendingMessagesKey(me(), 1))).toBeNull();
    await expect(sendBodies).toHaveLength(1);
  },
};

/**
 * The earlier try had in fact arrived before the reload: the stored message is among the
 * conversation's messages, so it is shown once, not sent again, and no longer stored.
 */
export const OmladdningRedanMottaget: Story = {
  name: 'Efter omladdning: servern hade redan meddelandet',
  parameters: { msw: messagingMsw(recordSends(() => undefined)) },
  beforeEach: () => {
    conversation(1)?.messages.push(
      storyMessage(1, me(), 3, restoredText, '2026-11-21T09:58:00.000Z', {
        clientMessageId: RESTORED_ID,
      }),
    );
    addPendingMessage(me(), 1, {
      clientMessageId: RESTORED_ID,
      text: restoredText,
      timestamp: '2026-11-21T09:58:00.000Z',
    });
  },
  play: async ({ canvas }) => {
    const messages = await log(canvas);
    await waitFor(() => expect(storedPending()).toEqual([]));
    await expect(within(messages).getAllByText(restoredText)).toHaveLength(1);
    await expect(within(messages).getAllByRole('listitem')).toHaveLength(5);
    await expect(within(messages).queryByText('Skickas…')).toBeNull();
    await expect(sendBodies).toHaveLength(0);
  },
};
