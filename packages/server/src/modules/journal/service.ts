// Journal notes (design.md §4.10): a signed note is frozen by the database; its plain-text
// content is what the client overview shows as the latest signed note.
import type { Db } from '../../db/index.ts';

export class JournalService {
  constructor(private readonly db: Db) {}

  /** The text of the client's newest signed note, or null when she has none. */
  async latestSignedContent(clientId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('journal_notes')
      .select(['content'])
      .where('user_id', '=', clientId)
      .where('status', '=', 'SIGNED')
      .orderBy('signed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.content ?? null;
  }
}
