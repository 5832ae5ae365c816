import type { HttpHandler } from 'msw';
import type { z } from 'zod';
import { buildPath, endpointDefs } from '../../contract/endpoints.ts';
import type { Conversation, FilteredUser, Id, Message, SessionUser } from '../../contract/index.ts';
import {
  CONVERSATION_EXISTS_MARKER,
  conversationListQuerySchema,
  conversationQuerySchema,
  createConversationFieldsSchema,
  MESSAGING_FIELD_TEXT,
  uploadWithTextFieldsSchema,
} from '../../contract/messaging.ts';
import type { StoredConversation } from '../fixtures/messaging.ts';
import { fullName } from '../fixtures/users.ts';
import { findUser, mockState, nextMockId } from '../state.ts';
import { pdfBytes } from './file-history.ts';
import { answer, on } from './endpoint.ts';
import {
  fileFrom,
  idParam,
  readForm,
  readJson,
  readQuery,
  stringParam,
  textFrom,
  viewer,
} from './request.ts';
import { errorResponse, HttpResponse, noContent, nowIso } from './respond.ts';
import { scenariosFor } from './scenarios.ts';

const partnerOf = (c: StoredConversation, me: Id): Id =>
  c.userIds[0] === me ? c.userIds[1] : c.userIds[0];

/** A stored conversation as `me` sees it (spec §3). */
export function renderConversation(
  c: StoredConversation,
  me: Id,
  withMessages: boolean,
): Conversation {
  const partner = findUser(partnerOf(c, me));
  const last = c.messages.at(-1);
  return {
    conversationId: c.conversationId,
    partner: {
      id: partnerOf(c, me),
      fullName: partner ? fullName(partner) : 'Okänd användare',
      imageUrl: partner?.imageUrl ?? null,
    },
    lastMessage: last
      ? {
          content: last.content,
          originalFileName: last.originalFileName,
          timestamp: last.timestamp,
          createdAt: last.timestamp,
        }
      : null,
    unreadCount: c.messages.filter((m) => m.receiver === me && !m.isRead).length,
    messages: withMessages ? c.messages.map((m) => ({ ...m })) : [],
  };
}

const lastTime = (c: StoredConversation): number =>
  Date.parse(c.messages.at(-1)?.timestamp ?? '') || 0;

const mine = (me: Id): StoredConversation[] =>
  mockState.conversations
    .filter((c) => c.userIds.includes(me))
    .sort((a, b) => lastTime(b) - lastTime(a));

/** The conversation with that id, if `me` takes part in it; else a 404. */
const ownConversation = (id: Id, me: SessionUser): StoredConversation => {
  const c = mockState.conversations.find((x) => x.conversationId === id);
  if (!c || !c.userIds.includes(me.id)) throw errorResponse(404, 'Konversationen hittades inte.');
  return c;
};

const newMessage = (
  c: StoredConversation,
  sender: Id,
  content: string,
  extra: Partial<Message> = {},
): Message => {
  const message: Message = {
    id: nextMockId(),
    conversationId: c.conversationId,
    sender,
    receiver: partnerOf(c, sender),
    content,
    timestamp: nowIso(),
    isRead: false,
    isEdited: false,
    editedAt: null,
    originalFileName: null,
    clientMessageId: null,
    ...extra,
  };
  c.messages.push(message);
  return message;
};

/** The address of an attachment, as the server builds it (`messageAttachment`). */
const attachmentPath = (fileId: string): string =>
  buildPath(endpointDefs.messageAttachment.path, { fileId });

/** Keeps an uploaded file for `messageAttachment`; content is `text\nurl` (spec §3). */
const fileContent = (text: string | undefined, file: File) => {
  const fileId = crypto.randomUUID();
  mockState.messageFiles[fileId] = file;
  return `${text ?? ''}\n${attachmentPath(fileId)}`;
};

/** The text fields of a multipart send, checked with the contract's schema (Swedish 400s). */
function readFields<S extends z.ZodType>(form: FormData, schema: S): z.output<S> {
  const fields: Record<string, string> = {};
  form.forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
  });
  const result = schema.safeParse(fields);
  if (!result.success) {
    throw errorResponse(400, result.error.issues[0]?.message ?? 'Ogiltig förfrågan.');
  }
  return result.data;
}

/**
 * An earlier send of `me` with this idempotency key, as the server finds it: the first message
 * when it is in `conversationId` (or, for a create, to `receiverId`); a 409 when the key was used
 * elsewhere.
 */
function earlierSend(
  me: Id,
  clientMessageId: string | undefined,
  where: { conversationId: Id } | { receiverId: Id },
): { conversation: StoredConversation; message: Message } | undefined {
  if (!clientMessageId) return undefined;
  for (const conversation of mockState.conversations) {
    const message = conversation.messages.find(
      (m) => m.sender === me && m.clientMessageId === clientMessageId,
    );
    if (!message) continue;
    const same =
      'conversationId' in where
        ? conversation.conversationId === where.conversationId
        : message.receiver === where.receiverId;
    if (!same)
      throw errorResponse(409, 'Meddelande-id:t har redan använts i en annan konversation.');
    return { conversation, message };
  }
  return undefined;
}

export const messagingHandlers: HttpHandler[] = [
  on('conversations', ({ request }) => {
    const me = viewer();
    const { partnerId } = readQuery(request, conversationListQuerySchema);
    const list = mine(me.id).filter(
      (c) => partnerId === undefined || partnerOf(c, me.id) === partnerId,
    );
    return HttpResponse.json(list.map((c) => renderConversation(c, me.id, false)));
  }),
  // The badge: the list's unread counts summed, as the server answers it.
  on('unreadCount', () => {
    const me = viewer();
    const unreadMessages = mine(me.id).reduce(
      (sum, c) => sum + renderConversation(c, me.id, false).unreadCount,
      0,
    );
    return HttpResponse.json({ unreadMessages });
  }),
  on('filteredUsers', () => {
    const me = viewer();
    const users: FilteredUser[] = mockState.users
      .filter((u) => u.id !== me.id && (me.role !== 'USER' || u.role !== 'USER'))
      .map((u) => ({ id: u.id, fullName: fullName(u), role: u.role, imageUrl: u.imageUrl }));
    return HttpResponse.json(users);
  }),
  on('createConversation', async ({ request }) => {
    const me = viewer();
    const form = await readForm(request);
    const {
      receiverId,
      text: rawText,
      clientMessageId,
    } = readFields(form, createConversationFieldsSchema);
    const text = rawText?.trim();
    const file = fileFrom(form);
    if (!findUser(receiverId) || receiverId === me.id) {
      return errorResponse(400, MESSAGING_FIELD_TEXT.chooseUser);
    }
    if (!text && !file) {
      return errorResponse(400, 'Du måste skriva ett meddelande eller bifoga en fil.');
    }
    // A repeat of a create that went through (its answer lost): the conversation it made.
    const earlier = earlierSend(me.id, clientMessageId, { receiverId });
    if (earlier) return HttpResponse.json(renderConversation(earlier.conversation, me.id, true));
    const existing = mockState.conversations.find(
      (c) => c.userIds.includes(me.id) && c.userIds.includes(receiverId),
    );
    if (existing) {
      return HttpResponse.json(
        { message: CONVERSATION_EXISTS_MARKER, conversationId: existing.conversationId },
        { status: 409 },
      );
    }
    const stored: StoredConversation = {
      conversationId: nextMockId(),
      userIds: [me.id, receiverId],
      messages: [],
    };
    mockState.conversations.push(stored);
    const key = { clientMessageId: clientMessageId ?? null };
    if (file) {
      newMessage(stored, me.id, fileContent(text, file), { ...key, originalFileName: file.name });
    } else {
      newMessage(stored, me.id, text ?? '', key);
    }
    return HttpResponse.json(renderConversation(stored, me.id, true), { status: 201 });
  }),
  on('conversation', ({ request, params }) => {
    const me = viewer();
    const { after } = readQuery(request, conversationQuerySchema);
    const rendered = renderConversation(ownConversation(idParam(params), me), me.id, true);
    if (after !== undefined) rendered.messages = rendered.messages.filter((m) => m.id > after);
    return HttpResponse.json(rendered);
  }),
  on('sendMessage', async ({ request, params }) => {
    const me = viewer();
    const c = ownConversation(idParam(params), me);
    const body = await readJson(request, 'sendMessage');
    const earlier = earlierSend(me.id, body.clientMessageId, c);
    if (earlier) return HttpResponse.json(earlier.message);
    const message = newMessage(c, me.id, body.content, {
      clientMessageId: body.clientMessageId ?? null,
    });
    return HttpResponse.json(message, { status: 201 });
  }),
  on('markMessageRead', ({ params }) => {
    const me = viewer();
    const messageId = idParam(params, 'messageId');
    for (const c of mockState.conversations) {
      const message = c.messages.find((m) => m.id === messageId);
      if (message && message.receiver === me.id) {
        message.isRead = true;
        return noContent();
      }
    }
    return errorResponse(404, 'Meddelandet hittades inte.');
  }),
  on('uploadWithText', async ({ request, params }) => {
    const me = viewer();
    const c = ownConversation(idParam(params), me);
    const form = await readForm(request);
    const {
      text: rawText,
      receiverId,
      clientMessageId,
    } = readFields(form, uploadWithTextFieldsSchema);
    const file = fileFrom(form);
    if (!file) return errorResponse(400, 'Välj en fil att skicka.');
    if (receiverId !== undefined && receiverId !== partnerOf(c, me.id)) {
      return errorResponse(400, MESSAGING_FIELD_TEXT.wrongReceiver);
    }
    // A repeated upload answers the first message; the file is not stored twice.
    const earlier = earlierSend(me.id, clientMessageId, c);
    if (earlier) return HttpResponse.json(earlier.message);
    const message = newMessage(c, me.id, fileContent(rawText?.trim(), file), {
      originalFileName: file.name,
      clientMessageId: clientMessageId ?? null,
    });
    return HttpResponse.json(message, { status: 201 });
  }),
  on('messageAttachment', ({ params }) => {
    const me = viewer();
    const fileId = stringParam(params, 'fileId').toLowerCase();
    const url = `\n${attachmentPath(fileId)}`;
    // Participants only: the file of a message in one of my conversations.
    const message = mine(me.id)
      .flatMap((c) => c.messages)
      .find((m) => m.originalFileName !== null && m.content.endsWith(url));
    if (!message?.originalFileName) return errorResponse(404, MESSAGING_FIELD_TEXT.fileNotFound);
    const stored = mockState.messageFiles[fileId];
    return new HttpResponse(stored ?? pdfBytes(message.originalFileName), {
      headers: {
        'Content-Type': stored?.type || 'application/pdf',
        'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(message.originalFileName)}`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    });
  }),
  on('downloadConversation', ({ params }) => {
    const me = viewer();
    const c = ownConversation(idParam(params), me);
    const partner = findUser(partnerOf(c, me.id));
    const lines = c.messages.map((m) => {
      const sender = findUser(m.sender);
      const when = m.timestamp.slice(0, 16).replace('T', ' ');
      return `[${when}] ${sender ? fullName(sender) : 'Okänd'}: ${m.content}`;
    });
    const text = `Konversation med ${partner ? fullName(partner) : 'okänd användare'}\n\n${lines.join('\n')}\n`;
    return new HttpResponse(text, {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': `attachment; filename="konversation-${c.conversationId}.txt"`,
      },
    });
  }),
  on('editMessage', async ({ request, params }) => {
    const me = viewer();
    const c = ownConversation(idParam(params), me);
    const messageId = idParam(params, 'messageId');
    const message = c.messages.find((m) => m.id === messageId);
    if (!message) return errorResponse(404, 'Meddelandet hittades inte.');
    if (message.sender !== me.id)
      return errorResponse(403, 'Du kan bara redigera dina egna meddelanden.');
    const form = await readForm(request);
    const newContent = textFrom(form, 'newContent')?.trim();
    if (!newContent) return errorResponse(400, 'Du kan inte ha ett tomt meddelande.');
    message.content = newContent;
    message.isEdited = true;
    message.editedAt = nowIso();
    return HttpResponse.json({
      content: message.content,
      isEdited: true,
      editedAt: message.editedAt,
    });
  }),
];

export const messagingScenarios = {
  ...scenariosFor([
    'conversations',
    'unreadCount',
    'filteredUsers',
    'createConversation',
    'conversation',
    'sendMessage',
    'markMessageRead',
    'uploadWithText',
    'downloadConversation',
    'messageAttachment',
    'editMessage',
  ]),
  /** No conversations and nobody to write to. */
  empty: [
    answer('conversations', () => HttpResponse.json([])),
    answer('unreadCount', () => HttpResponse.json({ unreadMessages: 0 })),
    answer('filteredUsers', () => HttpResponse.json([])),
  ],
  /** No conversations, but users to start one with. */
  noConversations: [
    answer('conversations', () => HttpResponse.json([])),
    answer('unreadCount', () => HttpResponse.json({ unreadMessages: 0 })),
  ],
  /** Opening a conversation fails (→ 'Kunde inte hämta meddelanden.' on screen). */
  conversationError: [answer('conversation', () => errorResponse(500))],
  /** A conversation with no messages. */
  emptyConversation: [
    answer('conversation', ({ params }) => {
      const me = viewer();
      const c = mockState.conversations.find((x) => x.conversationId === Number(params.id));
      const rendered = c
        ? renderConversation(c, me.id, false)
        : renderConversation(
            { conversationId: Number(params.id), userIds: [me.id, 3], messages: [] },
            me.id,
            false,
          );
      return HttpResponse.json({ ...rendered, lastMessage: null, unreadCount: 0 });
    }),
  ],
  /** Creating answers 409 'Conversation already exists' (→ 'Du har redan en konversation med …'). */
  conversationExists: [
    answer('createConversation', () => errorResponse(409, CONVERSATION_EXISTS_MARKER)),
  ],
  /** Sending fails without a message. */
  sendFailure: [
    answer('sendMessage', () => errorResponse(500)),
    answer('uploadWithText', () => errorResponse(500)),
  ],
};
