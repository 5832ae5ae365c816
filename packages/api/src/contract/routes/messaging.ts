// Messaging (spec §7): conversations, messages and their attachments. A part of the route
// table (routes.ts).
import type { RouteDef } from '../routes.ts';
import { SIGNED_IN } from '../route-base.ts';
import { fallbacks, fileFile } from '../route-shared.ts';

export const messagingRouteDefs = {
  conversations: {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations',
    response: 'json',
    fallback: 'Kunde inte hämta konversationer',
    roles: SIGNED_IN,
    clientMessages: true,
  },
  /** The unread badge every signed-in page shows: a number, no message text (issue 38). */
  unreadCount: {
    method: 'GET',
    path: '/api/v1/user/messaging/unread-count',
    response: 'json',
    fallback: 'Kunde inte hämta antalet olästa meddelanden',
    roles: SIGNED_IN,
    clientMessages: true,
  },
  filteredUsers: {
    method: 'GET',
    path: '/api/v1/user/messaging/filteredUsers',
    response: 'json',
    fallback: 'Kunde inte hämta användare',
    roles: SIGNED_IN,
    clientMessages: true,
  },
  createConversation: {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations',
    body: 'multipart',
    files: [{ name: 'file', required: false }],
    response: 'json',
    fallback: fallbacks.conversationExists,
    roles: SIGNED_IN,
    clientMessages: true,
  },
  conversation: {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations/:id',
    response: 'json',
    fallback: 'Kunde inte hämta konversationen',
    roles: SIGNED_IN,
    clientData: true,
  },
  sendMessage: {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations/:id/messages',
    response: 'json',
    fallback: 'Kunde inte skicka meddelandet',
    roles: SIGNED_IN,
    clientMessages: true,
  },
  markMessageRead: {
    method: 'PUT',
    path: '/api/v1/user/messaging/conversations/messages/:messageId',
    response: 'empty',
    fallback: 'Kunde inte markera meddelandet som läst',
    roles: SIGNED_IN,
    clientData: true,
  },
  uploadWithText: {
    method: 'POST',
    path: '/api/v1/user/messaging/conversations/:id/messages/uploadWithText',
    body: 'multipart',
    files: fileFile,
    response: 'json',
    fallback: 'Kunde inte skicka filen eller meddelandet',
    roles: SIGNED_IN,
    clientMessages: true,
  },
  downloadConversation: {
    method: 'GET',
    path: '/api/v1/user/messaging/conversations/:id/download',
    response: 'blob',
    fallback: 'Kunde inte ladda ner konversationen',
    roles: SIGNED_IN,
    clientData: true,
  },
  /** The attachment of a file message: the URL after the newline in its `content` (spec §3). */
  messageAttachment: {
    method: 'GET',
    path: '/api/v1/user/messaging/files/:fileId',
    response: 'blob',
    fallback: fallbacks.download,
    roles: SIGNED_IN,
    clientData: true,
  },
  editMessage: {
    method: 'PUT',
    path: '/api/v1/user/messaging/conversations/:id/messages/:messageId/edit',
    body: 'multipart',
    response: 'json',
    fallback: 'Kunde inte redigera meddelandet',
    roles: SIGNED_IN,
    clientMessages: true,
  },
} as const satisfies Record<string, RouteDef>;
