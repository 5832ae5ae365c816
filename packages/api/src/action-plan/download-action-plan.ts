import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import { mutationKey } from '../keys.ts';

export interface DownloadActionPlanArgs {
  userId: Id;
  fileName: string;
}

/** Downloads one action-plan file as a blob. */
export const downloadActionPlan = ({ userId, fileName }: DownloadActionPlanArgs): Promise<Blob> =>
  call('downloadActionPlan', { params: { fileName }, query: { userId } });

export const DOWNLOAD_ACTION_PLAN_KEY = mutationKey('downloadActionPlan');

/** `trigger({ userId, fileName })` resolves with the blob; save it with `saveBlob`. */
export function useDownloadActionPlan() {
  return useSWRMutation<Blob, ApiError, string, DownloadActionPlanArgs>(
    DOWNLOAD_ACTION_PLAN_KEY,
    (_key, { arg }) => downloadActionPlan(arg),
    { throwOnError: true },
  );
}
