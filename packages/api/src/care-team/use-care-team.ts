import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { CareTeam } from '../contract/care-team.ts';
import type { Id } from '../contract/common.ts';
import { keyFor, mutationKey } from '../keys.ts';

/** `GET /api/v1/admin/clients/:id/care-team`: the STAFF who work with the client, by name. */
export const fetchCareTeam = (clientId: Id): Promise<CareTeam> =>
  call('careTeam', { params: { id: clientId } });

export const careTeamKey = (clientId: Id): string => keyFor('careTeam', { id: clientId });

export function useCareTeam(
  clientId: Id | null | undefined,
  config?: SWRConfiguration<CareTeam, ApiError>,
) {
  const swr = useSWR<CareTeam, ApiError>(
    clientId == null ? null : careTeamKey(clientId),
    () => fetchCareTeam(clientId as Id),
    config,
  );
  return { ...swr, careTeam: swr.data };
}

/** `PUT /api/v1/admin/clients/:id/care-team` (ADMIN): the whole team, as staff ids. */
export const updateCareTeam = (clientId: Id, staffIds: readonly Id[]): Promise<CareTeam> =>
  call('updateCareTeam', { params: { id: clientId }, body: { staffIds: [...staffIds] } });

export const UPDATE_CARE_TEAM_KEY = mutationKey('updateCareTeam');

/** The screen's own texts. */
export const CARE_TEAM_SAVED = 'Vårdteamet är sparat.';
export const CARE_TEAM_SAVE_FAILED = 'Kunde inte spara vårdteamet';

export interface UpdateCareTeamArg {
  clientId: Id;
  staffIds: readonly Id[];
}

/** `trigger({ clientId, staffIds })`; the saved team replaces the cached one. */
export function useUpdateCareTeam() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<CareTeam, ApiError, string, UpdateCareTeamArg>(
    UPDATE_CARE_TEAM_KEY,
    async (_key, { arg }) => {
      const team = await updateCareTeam(arg.clientId, arg.staffIds);
      await mutate(careTeamKey(arg.clientId), team, { revalidate: false });
      return team;
    },
    { throwOnError: true },
  );
}
