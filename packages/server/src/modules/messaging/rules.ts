// The rules of messaging that need no database: who may message whom, the limits and Swedish
// texts of a message, the errors a change can end in, and the shapes the service works with.
import { MESSAGING_FIELD_TEXT, type Message } from '@halsa/api/contract';
import type { Role } from '../../db/schema.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import type { StoredUpload } from '../../files/upload.ts';

export const MESSAGE_MAX_LENGTH = 5000;

/** Swedish answers of this module (spec §5, §8). */
export const MESSAGING_TEXT = {
  conversationNotFound: 'Konversationen hittades inte.',
  messageNotFound: 'Meddelandet hittades inte.',
  fileNotFound: MESSAGING_FIELD_TEXT.fileNotFound,
  chooseUser: MESSAGING_FIELD_TEXT.chooseUser,
  textOrFile: 'Du måste skriva ett meddelande eller bifoga en fil.',
  emptyMessage: 'Meddelandet får inte vara tomt.',
  emptyEdit: 'Du kan inte ha ett tomt meddelande.',
  tooLong: 'Meddelandet får vara högst 5 000 tecken.',
  badCharacters: 'Meddelandet innehåller otillåtna tecken.',
  self: 'Du kan inte starta en konversation med dig själv.',
  receiverNotAllowed: 'Du kan inte skicka meddelanden till den här användaren.',
  wrongReceiver: MESSAGING_FIELD_TEXT.wrongReceiver,
  /** Contains the marker of spec §8 ('Conversation already exists'). */
  exists: 'Du har redan en konversation med användaren (Conversation already exists).',
  onlyReceiverMarksRead: 'Endast mottagaren kan markera meddelandet som läst.',
  onlySenderEdits: 'Du kan bara redigera dina egna meddelanden.',
  fileEdit: 'Ett meddelande med en bifogad fil kan inte redigeras.',
  clientIdReused: 'Meddelande-id:t har redan använts i en annan konversation.',
  fileRequired: 'Välj en fil att skicka.',
} as const;

/** 409 for a second conversation with the same partner; carries the existing one's id. */
export class ConversationExistsError extends HttpError {
  constructor(readonly conversationId: number) {
    super(409, MESSAGING_TEXT.exists);
  }
}

/** Thrown inside a send's transaction to roll it back and answer the first message instead. */
export class Repeated extends Error {
  constructor(readonly first: Message) {
    super('repeated');
  }
}

export interface Viewer {
  userId: number;
  role: Role;
}

/** The other participant of a conversation, as far as the activity log needs them. */
export interface Partner {
  id: number;
  role: Role;
}

/** An attachment as the upload reader stored it (files/upload.ts): kept once its row commits. */
export type NewAttachment = StoredUpload;

/** Users of role USER message only staff and admins; staff and admins message anyone. */
export const canMessage = (from: Role, to: Role) => from !== 'USER' || to !== 'USER';

export function checkMessageText(text: string, emptyMessage: string | null): string {
  const trimmed = text.trim();
  if (emptyMessage !== null && trimmed === '') throw badRequest(emptyMessage);
  // PostgreSQL text cannot hold NUL; other control characters are harmless as text.
  if (trimmed.includes('\u0000')) throw badRequest(MESSAGING_TEXT.badCharacters);
  if ([...trimmed].length > MESSAGE_MAX_LENGTH) throw badRequest(MESSAGING_TEXT.tooLong);
  return trimmed;
}
