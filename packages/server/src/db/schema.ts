// Kysely table types for the schema of the migrations in migrations/.
import type { QuestionType } from '@halsa/api/contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Role = 'USER' | 'STAFF' | 'ADMIN';
export const ROLES: readonly Role[] = ['USER', 'STAFF', 'ADMIN'];

type Timestamp = ColumnType<Date, Date, Date>;
type Json = ColumnType<unknown, string, string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  role: Role;
  first_name: Generated<string>;
  last_name: Generated<string>;
  image_file_id: string | null;
  registration_status: Generated<'INVITED' | 'REGISTERED'>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_active_at: Timestamp | null;
}

export interface ClientProfilesTable {
  user_id: number;
  has_social_security: Generated<boolean>;
  social_security_number: string | null;
  birth_date: string | null;
  phone_number: string | null;
  street: string | null;
  city: string | null;
  zip_code: string | null;
  membership: string | null;
  package: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type FileKind = 'PROFILE_IMAGE' | 'LAB_RESULT' | 'ACTION_PLAN' | 'MESSAGE_ATTACHMENT';

export interface FilesTable {
  id: string;
  kind: FileKind;
  subject_user_id: number | null;
  uploaded_by: number | null;
  storage_key: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
}

export interface TwoFactorChallengesTable {
  id: string;
  user_id: number;
  code_hash: string;
  attempts: Generated<number>;
  resend_count: Generated<number>;
  created_at: Timestamp;
  last_sent_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  ip_address: string | null;
}

export type TokenKind = 'RESET_PASSWORD' | 'SET_PASSWORD' | 'INVITATION';

export interface AuthTokensTable {
  id: Generated<number>;
  token_hash: string;
  kind: TokenKind;
  user_id: number | null;
  email: string | null;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  message: string;
  status: Generated<'UNREAD' | 'READ'>;
  created_at: Timestamp;
}

export interface ConversationsTable {
  id: Generated<number>;
  user_low_id: number;
  user_high_id: number;
  created_at: Timestamp;
  last_message_at: Timestamp | null;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  receiver_id: number;
  content: string;
  file_id: string | null;
  original_file_name: string | null;
  client_message_id: string | null;
  is_read: Generated<boolean>;
  is_edited: Generated<boolean>;
  edited_at: Timestamp | null;
  created_at: Timestamp;
}

export interface FormsTable {
  id: Generated<number>;
  title: Generated<string>;
  drafted: Generated<boolean>;
  version: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FormSectionsTable {
  id: Generated<number>;
  form_id: number;
  title: Generated<string>;
  instruction: Generated<string>;
  sort_order: number;
}

export interface FormQuestionsTable {
  id: Generated<number>;
  section_id: number;
  text: Generated<string>;
  type: Generated<QuestionType>;
  required: Generated<boolean>;
  options: Generated<Json>;
  sort_order: number;
}

export interface JournalNotesTable {
  id: Generated<number>;
  user_id: number;
  author_id: number | null;
  form_id: number | null;
  kind: Generated<'DAILY_NOTE' | 'JOURNAL'>;
  content: string;
  signed_at: Timestamp | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  version: Generated<number>;
  status: Generated<'UNSIGNED' | 'SIGNED'>;
  form_title: Generated<string>;
  answers: Generated<Json>;
  signed_by: number | null;
  content_hash: string | null;
  corrects_note_id: number | null;
  updated_at: Generated<Date>;
}

export interface ActivityLogTable {
  id: Generated<number>;
  action: string;
  actor_user_id: number | null;
  subject_user_id: number | null;
  ip_address: string | null;
  details: Json | null;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<string>;
  kind: 'MAIL' | 'NOTIFICATION';
  payload: Json;
  created_at: Timestamp;
  available_at: Timestamp;
  attempts: Generated<number>;
  locked_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
}

export interface Database {
  users: UsersTable;
  client_profiles: ClientProfilesTable;
  files: FilesTable;
  sessions: SessionsTable;
  two_factor_challenges: TwoFactorChallengesTable;
  auth_tokens: AuthTokensTable;
  notifications: NotificationsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  forms: FormsTable;
  form_sections: FormSectionsTable;
  form_questions: FormQuestionsTable;
  journal_notes: JournalNotesTable;
  activity_log: ActivityLogTable;
  outbox: OutboxTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
