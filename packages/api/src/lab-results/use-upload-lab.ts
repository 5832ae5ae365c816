import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ApiError } from '../client.ts';
import { callUpload, type UploadProgress } from '../upload.ts';
import type { Id } from '../contract/common.ts';
import { UPLOAD_FILE_FIELD } from '../contract/common.ts';
import type { LabResultEntry } from '../contract/lab-results.ts';
import { mutationKey } from '../keys.ts';
import { clientLabResultsKey } from './use-client-lab-results.ts';
import { labHistoryKey } from './use-lab-history.ts';

export interface UploadLabDataArgs {
  file: Blob;
  fileName?: string;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * Uploads a lab-result file for a client (ADMIN, multipart `file`), with progress; the answer of
 * a structured file says what was read (`readSummary`, design §4.15).
 */
export function uploadLabData(
  userId: Id,
  { file, fileName, onProgress }: UploadLabDataArgs,
): Promise<LabResultEntry> {
  const body = new FormData();
  body.append(UPLOAD_FILE_FIELD, file, fileName ?? (file instanceof File ? file.name : 'fil'));
  return callUpload('uploadLab', { params: { userId }, body, onProgress });
}

/** Revalidates the client's history, file list and values on success. */
export function useUploadLabData(userId: Id) {
  const { mutate } = useSWRConfig();
  return useSWRMutation<LabResultEntry, ApiError, string, UploadLabDataArgs>(
    mutationKey('uploadLab', { userId }),
    async (_key, { arg }) => {
      const entry = await uploadLabData(userId, arg);
      await Promise.all([mutate(labHistoryKey(userId)), mutate(clientLabResultsKey(userId))]);
      return entry;
    },
    { throwOnError: true },
  );
}
