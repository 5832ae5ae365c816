import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, waitFor, within } from 'storybook/test';
import { FakeLiveClient, LiveDestinations } from '@halsa/api/live';
import { HttpResponse, getResponse } from 'msw';
import {
  addPendingMessage,
  clearPendingMessages,
  loadPendingMessages,
  pendingMessagesKey,
} from '@halsa/api';
import { messagingHandlers, messagingScenarios } from '@halsa/api/mocks/handlers/messaging';
import { answer, errorResponse, loadingFor } from '@halsa/api/mocks/handlers/utils';
import { DEMO_ATTACHMENT_ID } from '@halsa/api/mocks/fixtures/messaging';
import { mockState, resetMockState } from '@halsa/api/mocks/state';
import {
  STORY_NOW,
  XSS_TEXTS,
  fileKindsConversation,
  messagingMsw,
  storyMessage,
  widgetFrame,
  withLive,
  xssConversation,
} from '../../../testing';
import { ConversationView } from './conversation-view';

/** Bodies of the sends a story records (recordSends below); emptied before every story. */
const sendBodies: { clientMessageId?: string; content: string }[] = [];

/** Short waits between automatic tries, so stories that fail a send stay fast. */
const STORY_RETRY_DELAYS = [50, 100];

const meta = {
  title: 'Meddelanden/Konversation',
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
} satisfies Meta<typeof ConversationView>;
export default meta;
type Story = StoryObj<typeof meta>;

type StoryContext = Parameters<NonNullable<Story['play']>>[0];
type Canvas = StoryContext['canvas'];

/** Where the mocked server keeps an uploaded attachment (the contract's `messageAttachment`). */
const ATTACHMENT_HREF = /^\/api\/v1\/user\/messaging\/files\/[0-9a-f-]{36}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const log = (canvas: Canvas) => canvas.findByRole('log', { name: 'Anna Lindqvist' });
const conversation = (id: number) => mockState.conversations.find((c) => c.conversationId === id);
/** The signed-in user of the mocks (Maria Berg). */
const me = () => mockState.sessionUser?.id ?? 0;
/** The unsent messages of conversation 1 kept in sessionStorage for a reload. */
const storedPending = () => loadPendingMessages(me(), 1);
const withContent = (content: string) =>
  conversation(1)?.messages.filter((m) => m.content === content) ?? [];

export const Meddelanden: Story = {
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
  parameters: { msw: messagingMsw(...loadingFor(['conversation'])) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Hämtar meddelanden…');
  },
};

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

export const SkickaFil: Story = {
  name: 'Skicka en fil',
  play: async ({ canvas, canvasElement, userEvent }) => {
    const messages = await log(canvas);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    await userEvent.upload(
      input as HTMLInputElement,
      new File(['%PDF-1.7'], 'Kostdagbok.pdf', { type: 'application/pdf' }),
    );
    await expect(canvas.getByText('Kostdagbok.pdf')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Ta bort bilagan Kostdagbok.pdf' }),
    ).toBeVisible();
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Skriv ett meddelande' }),
      'Min vecka',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await waitFor(() =>
      expect(
        within(messages).getByRole('link', { name: 'Ladda ner Kostdagbok.pdf' }),
      ).toHaveAttribute('href', expect.stringMatching(ATTACHMENT_HREF)),
    );
    const item = within(messages).getAllByRole('listitem').at(-1) as HTMLElement;
    await expect(item).toHaveTextContent('Min vecka');
    await expect(within(item).getByRole('img', { name: 'PDF-fil' })).toBeVisible();
    await expect(conversation(1)?.messages.at(-1)?.originalFileName).toBe('Kostdagbok.pdf');
  },
};

/** While a file is on its way the message shows an upload progress bar. */
export const FilLaddasUpp: Story = {
  name: 'Fil laddas upp (förlopp)',
  parameters: { msw: messagingMsw(...loadingFor(['uploadWithText'])) },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const messages = await log(canvas);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    await userEvent.upload(
      input as HTMLInputElement,
      new File([new Uint8Array(64 * 1024)], 'Skärmbild.png', { type: 'image/png' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    const bar = await within(messages).findByRole('progressbar', {
      name: 'Laddar upp Skärmbild.png',
    });
    await expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    await expect(within(messages).getByText('Skickas…')).toBeVisible();
    await expect(within(messages).getByRole('img', { name: 'Bild' })).toBeVisible();
  },
};

export const FilMisslyckas: Story = {
  name: 'Fil kunde inte skickas',
  parameters: { msw: messagingMsw(...messagingScenarios.sendFailure) },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const messages = await log(canvas);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    await userEvent.upload(
      input as HTMLInputElement,
      new File(['x'], 'Remiss.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    const failed = await within(messages).findByText('Kunde inte skickas');
    const item = failed.closest('li') as HTMLElement;
    await expect(item).toHaveTextContent('Remiss.pdf');
    await expect(console.error).toHaveBeenCalledWith('Failed to send file', expect.anything());
    await userEvent.click(within(item).getByRole('button', { name: 'Ta bort' }));
    await expect(within(messages).queryByText('Kunde inte skickas')).toBeNull();
  },
};

/** The clientMessageId of every upload, in order. */
const uploadKeys: (string | null)[] = [];

/** The first upload reaches the server, which stores it, but its answer is lost (500). */
const loseFirstUploadAnswer = answer('uploadWithText', async ({ request }) => {
  const key = (await request.clone().formData()).get('clientMessageId');
  uploadKeys.push(typeof key === 'string' ? key : null);
  if (uploadKeys.length > 1) return undefined;
  await getResponse(messagingHandlers, request.clone());
  return errorResponse(500);
});

const uploadRemiss = async ({ canvas, canvasElement, userEvent }: StoryContext) => {
  const messages = await log(canvas);
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
  await userEvent.upload(
    input as HTMLInputElement,
    new File(['%PDF-1.7'], 'Remiss.pdf', { type: 'application/pdf' }),
  );
  await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
  const failed = await within(messages).findByText('Kunde inte skickas');
  await expect(console.error).toHaveBeenCalledWith('Failed to send file', expect.anything());
  // The server has the file already.
  await expect(stored('Remiss.pdf')).toHaveLength(1);
  return { messages, item: failed.closest('li') as HTMLElement };
};

const stored = (fileName: string) =>
  conversation(1)?.messages.filter((m) => m.originalFileName === fileName) ?? [];

/**
 * A file upload whose answer was lost: 'Försök igen' sends the same clientMessageId, so the
 * server answers the message it stored the first time; the file is there once.
 */
export const FilForsokIgen: Story = {
  name: 'Fil: svaret försvann, försök igen',
  // No automatic tries, so the lost answer shows as 'Kunde inte skickas'.
  args: { retryDelays: [] },
  parameters: { msw: messagingMsw(loseFirstUploadAnswer) },
  beforeEach: () => {
    uploadKeys.length = 0;
  },
  play: async (context) => {
    const { messages, item } = await uploadRemiss(context);
    await context.userEvent.click(within(item).getByRole('button', { name: 'Försök igen' }));
    await waitFor(() => expect(within(messages).queryByText('Kunde inte skickas')).toBeNull());
    await waitFor(() => expect(within(messages).queryByText('Skickas…')).toBeNull());
    await expect(uploadKeys).toHaveLength(2);
    await expect(uploadKeys[0]).toMatch(UUID);
    await expect(uploadKeys[1]).toBe(uploadKeys[0]);
    await expect(within(messages).getAllByRole('listitem')).toHaveLength(5);
    await expect(
      within(messages).getAllByRole('link', { name: 'Ladda ner Remiss.pdf' }),
    ).toHaveLength(1);
    await expect(stored('Remiss.pdf')).toHaveLength(1);
    await expect(stored('Remiss.pdf')[0]?.clientMessageId).toBe(uploadKeys[0]);
  },
};

/**
 * The same lost answer (a 500) with the automatic tries on: the upload is sent again by itself
 * with the same clientMessageId, and the server's one message (and file) is shown once.
 */
export const FilSkickasIgenAutomatiskt: Story = {
  name: 'Fil: svaret försvann, skickas igen av sig självt',
  parameters: { msw: messagingMsw(loseFirstUploadAnswer) },
  beforeEach: () => {
    uploadKeys.length = 0;
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const messages = await log(canvas);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]');
    await userEvent.upload(
      input as HTMLInputElement,
      new File(['%PDF-1.7'], 'Remiss.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Skicka' }));
    await waitFor(() => expect(uploadKeys).toHaveLength(2));
    await waitFor(() => expect(within(messages).queryByText('Skickas…')).toBeNull());
    await expect(within(messages).queryByText('Kunde inte skickas')).toBeNull();
    await expect(uploadKeys[1]).toBe(uploadKeys[0]);
    await expect(
      within(messages).getAllByRole('link', { name: 'Ladda ner Remiss.pdf' }),
    ).toHaveLength(1);
    await expect(stored('Remiss.pdf')).toHaveLength(1);
    // A file message is never kept for a reload (a File cannot be stored).
    await expect(storedPending()).toEqual([]);
  },
};

const confirming = new FakeLiveClient();

/**
 * The same lost answer, but the stored message arrives live: it carries the pending file's
 * clientMessageId, so the failed copy is not shown beside it.
 */
export const FilBekraftadLive: Story = {
  name: 'Fil: svaret försvann, meddelandet kom i realtid',
  args: { retryDelays: [] },
  parameters: { msw: messagingMsw(loseFirstUploadAnswer) },
  decorators: [withLive(confirming)],
  beforeEach: () => {
    uploadKeys.length = 0;
  },
  play: async (context) => {
    const topic = LiveDestinations.conversationMessages(1);
    await waitFor(() => expect(confirming.destinations).toContain(topic));
    const { messages } = await uploadRemiss(context);
    confirming.emit(topic, stored('Remiss.pdf')[0]);
    await waitFor(() => expect(within(messages).queryByText('Kunde inte skickas')).toBeNull());
    await expect(within(messages).getAllByRole('listitem')).toHaveLength(5);
    await expect(
      within(messages).getAllByRole('link', { name: 'Ladda ner Remiss.pdf' }),
    ).toHaveLength(1);
    await expect(uploadKeys).toHaveLength(1);
  },
};

export const Filmeddelanden: Story = {
  name: 'Filmeddelanden av alla sorter',
  args: { conversationId: 70 },
  beforeEach: () => {
    resetMockState({ conversations: [fileKindsConversation()] });
  },
  play: async ({ canvas }) => {
    const messages = await log(canvas);
    await expect(within(messages).getAllByRole('img', { name: 'PDF-fil' })).toHaveLength(1);
    await expect(within(messages).getAllByRole('img', { name: 'Bild' })).toHaveLength(3);
    await expect(within(messages).getAllByRole('img', { name: 'Fil' })).toHaveLength(1);
    for (const [name, href] of [
      ['Remiss.pdf', '/files/Remiss.pdf'],
      ['Arm.jpg', '/files/Arm.jpg'],
      ['Kost_vecka_47.JPEG', '/files/Kost_vecka_47.JPEG'],
      ['Somn.png', '/files/Somn.png'],
      ['Traningslogg_november.xlsx', '/files/Traningslogg_november.xlsx'],
    ] as const) {
      await expect(
        within(messages).getByRole('link', { name: `Ladda ner ${name}` }),
      ).toHaveAttribute('href', href);
    }
    await expect(within(messages).getByText('Utslaget på armen')).toBeVisible();
  },
};

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
