import useSWRMutation from 'swr/mutation';
import { call, type ApiError } from '../client.ts';
import type { Id } from '../contract/common.ts';
import { mutationKey } from '../keys.ts';

export interface DownloadLabDataArgs {
  userId: Id;
  fileName: string;
}

/** Downloads one lab-result file as a blob. */
export const downloadLabData = ({ userId, fileName }: DownloadLabDataArgs): Promise<Blob> =>
  call('downloadLab', { params: { fileName }, query: { userId } });

export const DOWNLOAD_LAB_DATA_KEY = mutationKey('downloadLab');

/** `trigger({ userId, fileName })` resolves with the blob; save it with `saveBlob`. */
export function useDownloadLabData() {
  return useSWRMutation<Blob, ApiError, string, DownloadLabDataArgs>(
    DOWNLOAD_LAB_DATA_KEY,
    (_key, { arg }) => downloadLabData(arg),
    { throwOnError: true },
  );
}
