import { z } from 'zod';
import { idSchema, roleSchema, timestampSchema } from './common.ts';

/** A message (spec §3). For a file message `content` is a text line, a newline, then the file URL. */
export const messageSchema = z.object({
  id: idSchema,
  conversationId: idSchema,
  /** User id of the sender. */
  sender: idSchema,
  /** User id of the receiver. */
  receiver: idSchema,
  content: z.string(),
  timestamp: timestampSchema,
  isRead: z.boolean(),
  isEdited: z.boolean(),
  editedAt: timestampSchema.nullable(),
  originalFileName: z.string().nullable(),
  /** Echo of the sender's idempotency key, when one was sent. */
  clientMessageId: z.uuid().nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationPartnerSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  imageUrl: z.string().nullable(),
});
export type ConversationPartner = z.infer<typeof conversationPartnerSchema>;

export const lastMessageSchema = z.object({
  content: z.string(),
  originalFileName: z.string().nullable(),
  timestamp: timestampSchema,
  createdAt: timestampSchema,
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

/**
 * Conversation (spec §3). The list call sends `messages: []`; the detail call sends every message,
 * oldest first. Also the payload on `/topic/users/{userId}/conversations`.
 */
export const conversationSchema = z.object({
  conversationId: idSchema,
  partner: conversationPartnerSchema,
  lastMessage: lastMessageSchema.nullable(),
  unreadCount: z.number().int().nonnegative(),
  messages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.array(conversationSchema);
export type ConversationList = z.infer<typeof conversationListSchema>;

/** `GET /api/v1/user/messaging/filteredUsers`: people the caller may start a conversation with. */
export const filteredUserSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  role: roleSchema,
  imageUrl: z.string().nullable(),
});
export type FilteredUser = z.infer<typeof filteredUserSchema>;
export const filteredUserListSchema = z.array(filteredUserSchema);

/**
 * Text fields of the multipart `POST /api/v1/user/messaging/conversations` (plus an optional
 * `file` part). Text or file is required; the server checks that rule with the file in hand.
 */
export const createConversationFieldsSchema = z.object({
  receiverId: z.coerce.number().int().positive(),
  text: z.string().optional(),
});
export type CreateConversationFields = z.infer<typeof createConversationFieldsSchema>;
export const CONVERSATION_FILE_FIELD = 'file';

/** Text in an error body meaning a conversation with that user exists (spec §8). */
export const CONVERSATION_EXISTS_MARKER = 'Conversation already exists';

/** `POST /api/v1/user/messaging/conversations/:id/messages`. */
export const sendMessageRequestSchema = z.object({
  receiverId: idSchema,
  content: z.string().trim().min(1),
  /** Idempotency key: a retry with the same key returns the first message instead of a copy. */
  clientMessageId: z.uuid().optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/** Text field of the multipart `…/messages/uploadWithText` (plus the required `file` part). */
export const uploadWithTextFieldsSchema = z.object({ text: z.string().optional() });
export type UploadWithTextFields = z.infer<typeof uploadWithTextFieldsSchema>;

/** Multipart field of `PUT …/messages/:messageId/edit`. */
export const editMessageFieldsSchema = z.object({ newContent: z.string().trim().min(1) });
export type EditMessageFields = z.infer<typeof editMessageFieldsSchema>;

export const editMessageResponseSchema = z.object({
  content: z.string(),
  isEdited: z.boolean(),
  editedAt: timestampSchema.nullable(),
});
export type EditMessageResponse = z.infer<typeof editMessageResponseSchema>;
