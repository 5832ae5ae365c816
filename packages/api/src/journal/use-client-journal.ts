import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import type { ClientJournal } from '../contract/journal.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/users/:id/journal`. */
export const fetchClientJournal = (userId: Id): Promise<ClientJournal> =>
  call('clientJournal', { params: { id: userId } });

export const clientJournalKey = (userId: Id): string => keyFor('clientJournal', { id: userId });

export function useClientJournal(
  userId: Id | null | undefined,
  config?: SWRConfiguration<ClientJournal, ApiError>,
) {
  const swr = useSWR<ClientJournal, ApiError>(
    userId == null ? null : clientJournalKey(userId),
    () => fetchClientJournal(userId as Id),
    config,
  );
  return { ...swr, journal: swr.data };
}
