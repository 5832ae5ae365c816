import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ApiError } from '../client.ts';
import { callUpload, type UploadProgress } from '../upload.ts';
import type { Id } from '../contract/common.ts';
import { UPLOAD_FILE_FIELD, type FileEntry } from '../contract/common.ts';
import { mutationKey } from '../keys.ts';
import { actionPlanKey } from './use-action-plan-data.ts';
import { actionPlanHistoryKey } from './use-action-plan-history.ts';

export interface UploadActionPlanArgs {
  file: Blob;
  fileName?: string;
  onProgress?: (progress: UploadProgress) => void;
}

/** Uploads a action-plan file for a client (ADMIN, multipart `file`), with progress. */
export function uploadActionPlan(
  userId: Id,
  { file, fileName, onProgress }: UploadActionPlanArgs,
): Promise<FileEntry> {
  const body = new FormData();
  body.append(UPLOAD_FILE_FIELD, file, fileName ?? (file instanceof File ? file.name : 'fil'));
  return callUpload('uploadActionPlan', { params: { userId }, body, onProgress });
}

/** Revalidates the client's history and file list on success. */
export function useUploadActionPlan(userId: Id) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<FileEntry, ApiError, string, UploadActionPlanArgs>(
    mutationKey('uploadActionPlan', { userId }),
    async (_key, { arg }) => {
      const entry = await uploadActionPlan(userId, arg);
      await Promise.all([mutate(actionPlanHistoryKey(userId)), mutate(actionPlanKey(userId))]);
      return entry;
    },
    { throwOnError: true },
  );
}
