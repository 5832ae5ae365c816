import useSWR, { type SWRConfiguration } from 'swr';
import { call, type ApiError } from '../client.ts';
import type { DailyNote } from '../contract/journal.ts';
import { keyFor } from '../keys.ts';

/** `GET /api/v1/user/journal/daily-notes`: the caller's own journal notes. */
export const fetchDailyNotes = (): Promise<DailyNote[]> => call('dailyNotes');

export const DAILY_NOTES_KEY = keyFor('dailyNotes');

export function useDailyNotes(config?: SWRConfiguration<DailyNote[], ApiError>) {
  const swr = useSWR<DailyNote[], ApiError>(DAILY_NOTES_KEY, fetchDailyNotes, config);
  return { ...swr, notes: swr.data };
}
