import type { HttpHandler } from 'msw';
import type { Conversation, FilteredUser, Id, Message, SessionUser } from '../../contract/index.ts';
import { CONVERSATION_EXISTS_MARKER } from '../../contract/messaging.ts';
import type { StoredConversation } from '../fixtures/messaging.ts';
import { fullName } from '../fixtures/users.ts';
import { findUser, mockState, nextMockId } from '../state.ts';
import {
  answer,
  errorResponse,
  fileFrom,
  HttpResponse,
  idParam,
  noContent,
  nowIso,
  on,
  readForm,
  readJson,
  scenariosFor,
  textFrom,
  viewer,
} from './utils.ts';

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

/** Where a mocked uploaded file "lives"; content is `text\nurl` (spec §3). */
const fileContent = (text: string | undefined, file: File) =>
  `${text ?? ''}\n/files/${encodeURIComponent(file.name)}`;

export const messagingHandlers: HttpHandler[] = [
  on('conversations', () => {
    const me = viewer();
    return HttpResponse.json(mine(me.id).map((c) => renderConversation(c, me.id, false)));
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
    const receiverId = Number(textFrom(form, 'receiverId'));
    const text = textFrom(form, 'text')?.trim();
    const file = fileFrom(form);
    if (!findUser(receiverId) || receiverId === me.id) {
      return errorResponse(400, 'Välj en användare innan du skickar ett meddelande.');
    }
    if (!text && !file) {
      return errorResponse(400, 'Du måste skriva ett meddelande eller bifoga en fil.');
    }
    if (
      mockState.conversations.some(
        (c) => c.userIds.includes(me.id) && c.userIds.includes(receiverId),
      )
    ) {
      return errorResponse(409, CONVERSATION_EXISTS_MARKER);
    }
    const stored: StoredConversation = {
      conversationId: nextMockId(),
      userIds: [me.id, receiverId],
      messages: [],
    };
    mockState.conversations.push(stored);
    if (file) newMessage(stored, me.id, fileContent(text, file), { originalFileName: file.name });
    else newMessage(stored, me.id, text ?? '');
    return HttpResponse.json(renderConversation(stored, me.id, true), { status: 201 });
  }),
  on('conversation', ({ params }) => {
    const me = viewer();
    return HttpResponse.json(renderConversation(ownConversation(idParam(params), me), me.id, true));
  }),
  on('sendMessage', async ({ request, params }) => {
    const me = viewer();
    const c = ownConversation(idParam(params), me);
    const body = await readJson(request, 'sendMessage');
    if (body.clientMessageId) {
      const earlier = c.messages.find((m) => m.clientMessageId === body.clientMessageId);
      if (earlier) return HttpResponse.json(earlier);
    }
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
    const file = fileFrom(form);
    if (!file) return errorResponse(400, 'Välj en fil att skicka.');
    const text = textFrom(form, 'text')?.trim();
    const message = newMessage(c, me.id, fileContent(text, file), { originalFileName: file.name });
    return HttpResponse.json(message, { status: 201 });
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
    'filteredUsers',
    'createConversation',
    'conversation',
    'sendMessage',
    'markMessageRead',
    'uploadWithText',
    'downloadConversation',
    'editMessage',
  ]),
  /** No conversations and nobody to write to. */
  empty: [
    answer('conversations', () => HttpResponse.json([])),
    answer('filteredUsers', () => HttpResponse.json([])),
  ],
  /** No conversations, but users to start one with. */
  noConversations: [answer('conversations', () => HttpResponse.json([]))],
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
