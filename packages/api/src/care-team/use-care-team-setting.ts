import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { CareTeamSetting } from '../contract/care-team.ts';
import { keyFor, mutationKey } from '../keys.ts';

/** `GET /api/v1/admin/access-settings`: 'Åtkomst endast via vårdteam' (default on). */
export const fetchCareTeamSetting = (): Promise<CareTeamSetting> => call('careTeamSetting');

export const CARE_TEAM_SETTING_KEY = keyFor('careTeamSetting');

export function useCareTeamSetting(config?: SWRConfiguration<CareTeamSetting, ApiError>) {
  const swr = useSWR<CareTeamSetting, ApiError>(
    CARE_TEAM_SETTING_KEY,
    fetchCareTeamSetting,
    config,
  );
  return { ...swr, settings: swr.data };
}

/** `PUT /api/v1/admin/access-settings` (the server logs the change). */
export const updateCareTeamSetting = (body: CareTeamSetting): Promise<CareTeamSetting> =>
  call('updateCareTeamSetting', { body });

export const UPDATE_CARE_TEAM_SETTING_KEY = mutationKey('updateCareTeamSetting');

export function useUpdateCareTeamSetting() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<CareTeamSetting, ApiError, string, CareTeamSetting>(
    UPDATE_CARE_TEAM_SETTING_KEY,
    async (_key, { arg }) => {
      const settings = await updateCareTeamSetting(arg);
      await mutate(CARE_TEAM_SETTING_KEY, settings, { revalidate: false });
      return settings;
    },
    { throwOnError: true },
  );
}
