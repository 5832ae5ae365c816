// Every send carries a clientMessageId (issue 6): the multipart bodies of a new conversation and
// of a file upload hold the caller's key, and a retry after a lost answer sends the same key, so
// the (mocked) server answers the first result instead of storing a copy.
import { getResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../contract/messaging.ts';
import { answer, defaultHandlers, mockState } from '../mocks/index.ts';
import { startMockServer } from '../mocks/test-server.ts';
import { newClientMessageId } from './client-message-id.ts';
import { createConversation, createConversationFormData } from './use-create-conversation.ts';
import { uploadWithText, uploadWithTextFormData } from './use-upload-with-text.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const KEY = '6f1c2a9e-4b3d-4e8f-9a1b-2c3d4e5f6a7b';

const pdf = () => new File(['%PDF-1.4'], 'Kostdagbok.pdf', { type: 'application/pdf' });

/** The text fields of a multipart body, and its file's name. */
const fieldsOf = (body: FormData) => {
  const fields: Record<string, string> = {};
  let fileName: string | null = null;
  body.forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
    else if (name === 'file') fileName = value.name;
  });
  return { fields, fileName };
};

describe('newClientMessageId', () => {
  it('is a v4 UUID, a new one each time', () => {
    const a = newClientMessageId();
    expect(a).toMatch(UUID_V4);
    expect(newClientMessageId()).not.toBe(a);
  });

  it('falls back to getRandomValues where randomUUID is missing (no secure context)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    try {
      expect(newClientMessageId()).toMatch(UUID_V4);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('the multipart bodies carry clientMessageId', () => {
  it('createConversation: receiverId, text, the caller’s key and the file', () => {
    const file = pdf();
    const { fields, fileName } = fieldsOf(
      createConversationFormData({ receiverId: 6, text: 'Hej Karin!', file, clientMessageId: KEY }),
    );
    expect(fields).toEqual({ receiverId: '6', text: 'Hej Karin!', clientMessageId: KEY });
    expect(fileName).toBe('Kostdagbok.pdf');
  });

  it('createConversation: the same args give the same key; without one, a new UUID each call', () => {
    const args = { receiverId: 6, text: 'Hej', clientMessageId: KEY };
    expect(fieldsOf(createConversationFormData(args)).fields.clientMessageId).toBe(KEY);
    expect(fieldsOf(createConversationFormData(args)).fields.clientMessageId).toBe(KEY);
    const a = fieldsOf(createConversationFormData({ receiverId: 6, text: 'Hej' })).fields;
    const b = fieldsOf(createConversationFormData({ receiverId: 6, text: 'Hej' })).fields;
    expect(a.clientMessageId).toMatch(UUID_V4);
    expect(b.clientMessageId).toMatch(UUID_V4);
    expect(a.clientMessageId).not.toBe(b.clientMessageId);
    expect(a).toEqual({ receiverId: '6', text: 'Hej', clientMessageId: a.clientMessageId });
  });

  it('uploadWithText: text, receiverId, the caller’s key and the file', () => {
    const { fields, fileName } = fieldsOf(
      uploadWithTextFormData({
        file: pdf(),
        text: 'Min vecka',
        receiverId: 1,
        clientMessageId: KEY,
      }),
    );
    expect(fields).toEqual({ text: 'Min vecka', receiverId: '1', clientMessageId: KEY });
    expect(fileName).toBe('Kostdagbok.pdf');
  });

  it('uploadWithText: a file alone still carries a key; an empty text is left out', () => {
    const { fields, fileName } = fieldsOf(
      uploadWithTextFormData({ file: new Blob(['%PDF-1.4']), text: '' }),
    );
    expect(Object.keys(fields)).toEqual(['clientMessageId']);
    expect(fields.clientMessageId).toMatch(UUID_V4);
    expect(fileName).toBe('fil');
  });
});

// ---- a retry after a lost answer, against the mocked server -------------------------------------

/** Handlers where the first call of `name` goes through but its answer is lost (500). */
const loseFirstAnswer = (name: 'createConversation' | 'uploadWithText') => {
  const bodies: Record<string, string>[] = [];
  const handler = answer(name, async ({ request }) => {
    bodies.push(fieldsOf(await request.clone().formData()).fields);
    if (bodies.length > 1) return undefined; // the default handler answers
    await getResponse(defaultHandlers, request.clone());
    return new Response(null, { status: 500 });
  });
  return { bodies, handlers: [handler, ...defaultHandlers] };
};

/** Node has no XMLHttpRequest: this one hands the request to the MSW handlers. */
const xhrThrough = (handlers: Parameters<typeof getResponse>[0]) =>
  class {
    status = 0;
    responseText = '';
    withCredentials = false;
    responseType = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'POST';
    private url = '';
    private contentType: string | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? this.contentType : null;
    }
    send(body: FormData) {
      void getResponse(handlers, new Request(this.url, { method: this.method, body })).then(
        async (response) => {
          this.status = response?.status ?? 404;
          this.responseText = (await response?.text()) ?? '';
          this.contentType = response?.headers.get('content-type') ?? null;
          this.onload?.();
        },
      );
    }
    abort() {}
  };

describe('a retry after a lost answer sends the same key and gets the first result', () => {
  // No default handlers: each test installs the ones that lose the first answer.
  const server = startMockServer([]);

  it('createConversation: one conversation, answered again instead of "already exists"', async () => {
    const { bodies, handlers } = loseFirstAnswer('createConversation');
    server.use(...handlers);
    const args = { receiverId: 6, text: 'Hej Karin!', clientMessageId: KEY };

    await expect(createConversation(args)).rejects.toMatchObject({ status: 500 });
    const made = mockState.conversations.filter((c) => c.userIds.includes(6));
    expect(made).toHaveLength(1);

    const retried: Conversation = await createConversation(args);
    expect(bodies.map((b) => b.clientMessageId)).toEqual([KEY, KEY]);
    expect(retried.conversationId).toBe(made[0]?.conversationId);
    expect(retried.messages).toHaveLength(1);
    expect(retried.messages[0]?.clientMessageId).toBe(KEY);
    expect(mockState.conversations.filter((c) => c.userIds.includes(6))).toHaveLength(1);
  });

  it('uploadWithText: one message and one stored file', async () => {
    const { bodies, handlers } = loseFirstAnswer('uploadWithText');
    vi.stubGlobal('XMLHttpRequest', xhrThrough(handlers));
    const conversation = () => mockState.conversations.find((c) => c.conversationId === 1);
    const before = conversation()?.messages.length ?? 0;
    const args = { file: pdf(), text: 'Min vecka', receiverId: 3, clientMessageId: KEY };

    await expect(uploadWithText(1, args)).rejects.toMatchObject({ status: 500 });
    expect(conversation()?.messages).toHaveLength(before + 1);

    const retried: Message = await uploadWithText(1, args);
    expect(bodies.map((b) => b.clientMessageId)).toEqual([KEY, KEY]);
    expect(retried).toEqual(conversation()?.messages.at(-1));
    expect(retried.clientMessageId).toBe(KEY);
    expect(conversation()?.messages).toHaveLength(before + 1);
    expect(Object.keys(mockState.messageFiles)).toHaveLength(1);
  });
});
