import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { JournalSettings, UpdateJournalSettingsRequest } from '../contract/journal.ts';
import { mutationKey } from '../keys.ts';
import { JOURNAL_SETTINGS_KEY } from './use-journal-settings.ts';

/** `PUT /api/v1/admin/journal/settings` with the `version` it edited (409 when stale). */
export const updateJournalSettings = (
  body: UpdateJournalSettingsRequest,
): Promise<JournalSettings> => call('updateJournalSettings', { body });

export const UPDATE_JOURNAL_SETTINGS_KEY = mutationKey('updateJournalSettings');

export function useUpdateJournalSettings() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<JournalSettings, ApiError, string, UpdateJournalSettingsRequest>(
    UPDATE_JOURNAL_SETTINGS_KEY,
    async (_key, { arg }) => {
      const settings = await updateJournalSettings(arg);
      await mutate(JOURNAL_SETTINGS_KEY, settings, { revalidate: false });
      return settings;
    },
    { throwOnError: true },
  );
}
