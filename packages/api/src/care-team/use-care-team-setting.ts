import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { AccessSettings } from '../contract/staff.ts';
import { keyFor, mutationKey } from '../keys.ts';

/** `GET /api/v1/admin/access-settings`: 'Åtkomst endast via vårdteam' (default on). */
export const fetchAccessSettings = (): Promise<AccessSettings> => call('accessSettings');

export const ACCESS_SETTINGS_KEY = keyFor('accessSettings');

export function useAccessSettings(config?: SWRConfiguration<AccessSettings, ApiError>) {
  const swr = useSWR<AccessSettings, ApiError>(ACCESS_SETTINGS_KEY, fetchAccessSettings, config);
  return { ...swr, settings: swr.data };
}

/** `PUT /api/v1/admin/access-settings` (the server logs the change). */
export const updateAccessSettings = (body: AccessSettings): Promise<AccessSettings> =>
  call('updateAccessSettings', { body });

export const UPDATE_ACCESS_SETTINGS_KEY = mutationKey('updateAccessSettings');

export function useUpdateAccessSettings() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<AccessSettings, ApiError, string, AccessSettings>(
    UPDATE_ACCESS_SETTINGS_KEY,
    async (_key, { arg }) => {
      const settings = await updateAccessSettings(arg);
      await mutate(ACCESS_SETTINGS_KEY, settings, { revalidate: false });
      return settings;
    },
    { throwOnError: true },
  );
}
