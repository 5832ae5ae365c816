import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { EmergencyAccess, EmergencyAccessRequest } from '../contract/care-team.ts';
import type { Id } from '../contract/common.ts';
import { mutationKey } from '../keys.ts';

/** `POST /api/v1/admin/clients/:id/emergency-access` (STAFF outside the care team). */
export const openEmergencyAccess = (
  clientId: Id,
  body: EmergencyAccessRequest,
): Promise<EmergencyAccess> => call('emergencyAccess', { params: { id: clientId }, body });

export const EMERGENCY_ACCESS_KEY = mutationKey('emergencyAccess');

export interface OpenEmergencyAccessArg extends EmergencyAccessRequest {
  clientId: Id;
}

/**
 * `trigger({ clientId, reason, comment })`. Once open, every cached answer is fetched again
 * (the client's page, tabs, journal, files … that answered 403 now answer).
 */
export function useOpenEmergencyAccess() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<EmergencyAccess, ApiError, string, OpenEmergencyAccessArg>(
    EMERGENCY_ACCESS_KEY,
    async (_key, { arg: { clientId, ...body } }) => {
      const access = await openEmergencyAccess(clientId, body);
      // One argument: revalidate every key, keep what is shown until the new answer comes.
      void mutate(() => true);
      return access;
    },
    { throwOnError: true },
  );
}
