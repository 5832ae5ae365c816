// The two downloads of a conversation: its text transcript (spec §7) and a message's attached
// file. Both answer only a participant; anything else is 404, like a conversation that does not
// exist.
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { FileStorage } from '../../files/storage.ts';
import { notFound } from '../../http/errors.ts';
import { fullName, participantConversation, type Db } from './queries.ts';
import { MESSAGING_TEXT, type Partner, type Viewer } from './rules.ts';
import { renderTranscript, transcriptFileName } from './transcript.ts';

/** The conversation as a text file (spec §7 download). */
export async function conversationTranscript(
  db: Db,
  clock: Clock,
  viewer: Viewer,
  conversationId: number,
): Promise<{ text: string; fileName: string; partnerId: number }> {
  const conv = await participantConversation(db, viewer.userId, conversationId);
  const users = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', [conv.user_low_id, conv.user_high_id])
    .execute();
  const nameOf = new Map(users.map((u) => [u.id, fullName(u)]));
  const partnerId = conv.user_low_id === viewer.userId ? conv.user_high_id : conv.user_low_id;
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('conversation_id', '=', conv.id)
    .orderBy('id', 'asc')
    .execute();
  const text = renderTranscript({
    conversationId: conv.id,
    ownerName: nameOf.get(viewer.userId) ?? 'Okänd användare',
    partnerName: nameOf.get(partnerId) ?? 'Okänd användare',
    downloadedAt: clock.now(),
    messages: rows.map((r) => ({
      senderName: nameOf.get(r.sender_id) ?? 'Okänd användare',
      content: r.content,
      originalFileName: r.original_file_name,
      createdAt: r.created_at,
      editedAt: r.is_edited ? r.edited_at : null,
    })),
  });
  return { text, fileName: transcriptFileName(conv.id), partnerId };
}

/**
 * An attachment, for a participant of a conversation it was sent in; else 404. With the
 * conversation and the partner (same query), for the activity log.
 */
export async function messageAttachment(
  db: Db,
  storage: FileStorage,
  viewer: Viewer,
  fileId: string,
): Promise<{
  /** The file streamed from storage, and its size counted at upload. */
  stream: Readable;
  size: number;
  mime: string;
  name: string;
  conversationId: number;
  partner: Partner;
}> {
  const row = await db
    .selectFrom('files as f')
    .innerJoin('messages as m', 'm.file_id', 'f.id')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .innerJoin('users as p', (join) =>
      join.on(
        sql<boolean>`p.id = case when c.user_low_id = ${viewer.userId} then c.user_high_id else c.user_low_id end`,
      ),
    )
    .select([
      'f.storage_key',
      'f.mime_type',
      'f.size_bytes',
      'f.original_name',
      'c.id as conversation_id',
      'p.id as partner_id',
      'p.role as partner_role',
    ])
    .where('f.id', '=', fileId)
    .where('f.kind', '=', 'MESSAGE_ATTACHMENT')
    .where((eb) =>
      eb.or([eb('c.user_low_id', '=', viewer.userId), eb('c.user_high_id', '=', viewer.userId)]),
    )
    .limit(1)
    .executeTakeFirst();
  const stream = row ? await storage.read(row.storage_key) : null;
  if (!row || !stream) throw notFound(MESSAGING_TEXT.fileNotFound);
  return {
    stream,
    size: Number(row.size_bytes),
    mime: row.mime_type,
    name: row.original_name,
    conversationId: row.conversation_id,
    partner: { id: row.partner_id, role: row.partner_role },
  };
}
