import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { AccessReview, EmergencyAccessReview } from '../contract/care-team.ts';
import type { Id } from '../contract/common.ts';
import { keyFor, mutationKey } from '../keys.ts';

/** `GET /api/v1/admin/activity/review?reviewed=` (ADMIN): emergency accesses and patterns. */
export const fetchAccessReview = (reviewed: boolean): Promise<AccessReview> =>
  call('accessReview', { query: { reviewed: String(reviewed) } });

export const ACCESS_REVIEW_KEY = keyFor('accessReview');
export const accessReviewKey = (reviewed: boolean): string =>
  keyFor('accessReview', undefined, { reviewed: String(reviewed) });

export function useAccessReview(
  reviewed: boolean,
  config?: SWRConfiguration<AccessReview, ApiError>,
) {
  const swr = useSWR<AccessReview, ApiError>(
    accessReviewKey(reviewed),
    () => fetchAccessReview(reviewed),
    config,
  );
  return { ...swr, review: swr.data };
}

/** `POST /api/v1/admin/activity/review/:id`: 'Granskad' with a comment. */
export const reviewEmergencyAccess = (id: Id, comment: string): Promise<EmergencyAccessReview> =>
  call('reviewEmergencyAccess', { params: { id }, body: { comment } });

export const REVIEW_EMERGENCY_ACCESS_KEY = mutationKey('reviewEmergencyAccess');

export interface ReviewEmergencyAccessArg {
  id: Id;
  comment: string;
}

/** `trigger({ id, comment })`; both lists (unreviewed and reviewed) are fetched again. */
export function useReviewEmergencyAccess() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<EmergencyAccessReview, ApiError, string, ReviewEmergencyAccessArg>(
    REVIEW_EMERGENCY_ACCESS_KEY,
    async (_key, { arg }) => {
      const reviewed = await reviewEmergencyAccess(arg.id, arg.comment);
      await mutate(
        (key) => typeof key === 'string' && key.startsWith(ACCESS_REVIEW_KEY),
        undefined,
        { revalidate: true, populateCache: false },
      );
      return reviewed;
    },
    { throwOnError: true },
  );
}
