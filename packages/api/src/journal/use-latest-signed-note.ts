import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { LatestSignedNote } from '../contract/journal.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/users/:id/journal/daily-notes/latest-signed` → `{ noteContent }`. */
export const fetchLatestSignedNote = (userId: Id): Promise<LatestSignedNote> =>
  call('latestSignedNote', { params: { id: userId } });

export const latestSignedNoteKey = (userId: Id): string =>
  keyFor('latestSignedNote', { id: userId });

/** `noteContent` null → the overview shows 'Ingen signerad anteckning tillgänglig'. */
export function useLatestSignedNote(
  userId: Id | null | undefined,
  config?: SWRConfiguration<LatestSignedNote, ApiError>,
) {
  const swr = useSWR<LatestSignedNote, ApiError>(
    userId == null ? null : latestSignedNoteKey(userId),
    () => fetchLatestSignedNote(userId as Id),
    config,
  );
  return { ...swr, noteContent: swr.data?.noteContent ?? null };
}
