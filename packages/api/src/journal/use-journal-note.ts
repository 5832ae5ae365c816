import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { JournalNote, JournalNoteResponse } from '../contract/journal.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/users/:userId/journal/forms/:formId/note`: the client's unsigned note. */
export const fetchJournalNote = (userId: Id, formId: Id): Promise<JournalNoteResponse> =>
  call('journalNote', { params: { userId, formId } });

export const journalNoteKey = (userId: Id, formId: Id): string =>
  keyFor('journalNote', { userId, formId });

/** `note` null: nothing written yet for this client and form (the first save creates it). */
export function useJournalNote(
  userId: Id | null | undefined,
  formId: Id | null | undefined,
  config?: SWRConfiguration<JournalNoteResponse, ApiError>,
) {
  const swr = useSWR<JournalNoteResponse, ApiError>(
    userId == null || formId == null ? null : journalNoteKey(userId, formId),
    () => fetchJournalNote(userId as Id, formId as Id),
    config,
  );
  const note: JournalNote | null = swr.data?.note ?? null;
  return { ...swr, note };
}
