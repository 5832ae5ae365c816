import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { JournalSettings } from '../contract/journal.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/admin/journal/settings` (STAFF reads, ADMIN edits). */
export const fetchJournalSettings = (): Promise<JournalSettings> => call('journalSettings');

export const JOURNAL_SETTINGS_KEY = keyFor('journalSettings');

export function useJournalSettings(config?: SWRConfiguration<JournalSettings, ApiError>) {
  const swr = useSWR<JournalSettings, ApiError>(JOURNAL_SETTINGS_KEY, fetchJournalSettings, config);
  return { ...swr, settings: swr.data };
}
