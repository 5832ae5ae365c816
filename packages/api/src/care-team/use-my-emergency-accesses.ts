import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type {
  AccessReviewCount,
  EmergencyAccess,
  OpenEmergencyAccess,
} from '../contract/care-team.ts';
import type { Id, Role } from '../contract/index.ts';
import { keyFor, mutationKey } from '../keys.ts';

/**
 * `GET /api/v1/admin/emergency-access` (design §4.20): the signed-in STAFF member's own open
 * emergency accesses, for the banner on that client's pages and the mark in her client list.
 */
export const fetchMyEmergencyAccesses = (): Promise<OpenEmergencyAccess[]> =>
  call('myEmergencyAccesses', {});

export const MY_EMERGENCY_ACCESSES_KEY = keyFor('myEmergencyAccesses');

/** Only STAFF asks (ADMIN reads every client and never holds one); refreshed every minute. */
export function useMyEmergencyAccesses(
  role: Role | undefined,
  config?: SWRConfiguration<OpenEmergencyAccess[], ApiError>,
) {
  const swr = useSWR<OpenEmergencyAccess[], ApiError>(
    role === 'STAFF' ? MY_EMERGENCY_ACCESSES_KEY : null,
    fetchMyEmergencyAccesses,
    { refreshInterval: 60_000, ...config },
  );
  return { ...swr, accesses: swr.data };
}

/** `POST /api/v1/admin/emergency-access/:id/close`: 'Avsluta nu'. */
export const closeEmergencyAccess = (id: Id): Promise<EmergencyAccess> =>
  call('closeEmergencyAccess', { params: { id } });

/**
 * `trigger(id)`. Once closed, every cached answer is fetched again: the client's pages now
 * answer 403 and show 'Nödåtkomst' instead of her data.
 */
export function useCloseEmergencyAccess() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<EmergencyAccess, ApiError, string, Id>(
    mutationKey('closeEmergencyAccess'),
    async (_key, { arg: id }) => {
      const closed = await closeEmergencyAccess(id);
      void mutate(() => true);
      return closed;
    },
    { throwOnError: true },
  );
}

/** `GET /api/v1/admin/activity/review/count` (ADMIN): accesses not yet reviewed (the menu). */
export const fetchAccessReviewCount = (): Promise<AccessReviewCount> =>
  call('accessReviewCount', {});

export const ACCESS_REVIEW_COUNT_KEY = keyFor('accessReviewCount');

export function useAccessReviewCount(
  role: Role | undefined,
  config?: SWRConfiguration<AccessReviewCount, ApiError>,
) {
  const swr = useSWR<AccessReviewCount, ApiError>(
    role === 'ADMIN' ? ACCESS_REVIEW_COUNT_KEY : null,
    fetchAccessReviewCount,
    config,
  );
  return { ...swr, unreviewed: swr.data?.unreviewed };
}
