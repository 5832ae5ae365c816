import { z } from 'zod';
import { idSchema, roleSchema, timestampSchema } from './common.ts';

/** Swedish messages of the messaging field rules below; the server answers them in its 400s. */
export const MESSAGING_FIELD_TEXT = {
  chooseUser: 'Välj en användare innan du skickar ett meddelande.',
  wrongReceiver: 'Mottagaren är inte med i konversationen.',
  clientMessageId: 'Fältet "clientMessageId" måste vara ett UUID.',
  after: 'Fältet "after" måste vara ett meddelande-id.',
  partnerId: 'Fältet "partnerId" måste vara ett användar-id.',
  fileNotFound: 'Filen hittades inte.',
} as const;

/**
 * Idempotency key of a send (text, file or a new conversation): a v4 UUID the client makes once
 * per message and sends again on every retry, so the server answers the first result instead of
 * storing a copy.
 */
export const clientMessageIdSchema = z.uuid(MESSAGING_FIELD_TEXT.clientMessageId);

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

/**
 * Query of `GET …/conversations/:id`: `?after=<messageId>` answers only the messages after that
 * one (a client catching up after a reconnect); without it, every message.
 */
export const conversationQuerySchema = z.object({
  after: z.coerce
    .number({ error: MESSAGING_FIELD_TEXT.after })
    .int(MESSAGING_FIELD_TEXT.after)
    .nonnegative(MESSAGING_FIELD_TEXT.after)
    .optional(),
});
export type ConversationQuery = z.infer<typeof conversationQuerySchema>;

export const conversationListSchema = z.array(conversationSchema);
export type ConversationList = z.infer<typeof conversationListSchema>;

/**
 * Query of `GET …/conversations` (an addition to spec §7): `?partnerId=<userId>` answers only the
 * caller's conversation with that user (0 or 1 item), as a coach's client page needs it;
 * without it, every conversation.
 */
export const conversationListQuerySchema = z.object({
  partnerId: z.coerce
    .number({ error: MESSAGING_FIELD_TEXT.partnerId })
    .int(MESSAGING_FIELD_TEXT.partnerId)
    .positive(MESSAGING_FIELD_TEXT.partnerId)
    // Ids are `integer` columns: a larger one cannot name anybody.
    .max(2_147_483_647, MESSAGING_FIELD_TEXT.partnerId)
    .optional(),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

/**
 * `GET /api/v1/user/messaging/unread-count` (an addition to spec §7): how many messages the
 * caller has not read, the sum of her list's `unreadCount`s, for the badge every page shows.
 */
export const unreadCountSchema = z.object({ unreadMessages: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** `GET /api/v1/user/messaging/filteredUsers`: people the caller may start a conversation with. */
export const filteredUserSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  role: roleSchema,
  imageUrl: z.string().nullable(),
});
export type FilteredUser = z.infer<typeof filteredUserSchema>;
export const filteredUserListSchema = z.array(filteredUserSchema);

/** A multipart id field (`receiverId`): a string of digits that must name a positive id. */
const formIdSchema = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message);

/**
 * Text fields of the multipart `POST /api/v1/user/messaging/conversations` (plus an optional
 * `file` part). Text or file is required; the server checks that rule with the file in hand.
 * A repeat with the same `clientMessageId` answers the conversation the first call made (200);
 * a 409 for an existing conversation carries its `conversationId` beside `message`.
 */
export const createConversationFieldsSchema = z.object({
  receiverId: formIdSchema(MESSAGING_FIELD_TEXT.chooseUser),
  text: z.string().optional(),
  clientMessageId: clientMessageIdSchema.optional(),
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
  clientMessageId: clientMessageIdSchema.optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

/**
 * Text fields of the multipart `…/messages/uploadWithText` (plus the required `file` part).
 * `receiverId`, when sent, must be the partner; `clientMessageId` as in `sendMessage`.
 */
export const uploadWithTextFieldsSchema = z.object({
  text: z.string().optional(),
  receiverId: formIdSchema(MESSAGING_FIELD_TEXT.wrongReceiver).optional(),
  clientMessageId: clientMessageIdSchema.optional(),
});
export type UploadWithTextFields = z.infer<typeof uploadWithTextFieldsSchema>;

/**
 * Path of `GET /api/v1/user/messaging/files/:fileId`, the attachment a file message links to
 * (the URL after the newline in its `content`): participants of its conversation only.
 */
export const messageAttachmentParamsSchema = z.object({
  fileId: z.guid(MESSAGING_FIELD_TEXT.fileNotFound),
});

/** Multipart field of `PUT …/messages/:messageId/edit`. */
export const editMessageFieldsSchema = z.object({ newContent: z.string().trim().min(1) });
export type EditMessageFields = z.infer<typeof editMessageFieldsSchema>;

export const editMessageResponseSchema = z.object({
  content: z.string(),
  isEdited: z.boolean(),
  editedAt: timestampSchema.nullable(),
});
export type EditMessageResponse = z.infer<typeof editMessageResponseSchema>;
