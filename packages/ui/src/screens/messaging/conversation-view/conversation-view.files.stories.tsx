import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { FakeLiveClient, LiveDestinations } from '@halsa/api/live';
import { getResponse } from 'msw';
import { messagingHandlers, messagingScenarios } from '@halsa/api/mocks/handlers/messaging';
import { answer } from '@halsa/api/mocks/handlers/endpoint';
import { errorResponse } from '@halsa/api/mocks/handlers/respond';
import { loadingFor } from '@halsa/api/mocks/handlers/scenarios';
import { resetMockState } from '@halsa/api/mocks/state';
import { fileKindsConversation, messagingMsw, withLive } from '../../../testing';
import type { StoryContext } from './conversation-view.story-setup';
import {
  baseMeta,
  ATTACHMENT_HREF,
  UUID,
  conversation,
  log,
  storedPending,
} from './conversation-view.story-setup';

const meta = { ...baseMeta, title: 'Meddelanden/Konversation/Filer' } satisfies Meta<
  typeof baseMeta.component
>;
export default meta;
type Story = StoryObj<typeof meta>;

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
