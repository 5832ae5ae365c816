import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ApiError } from '../client.ts';
import { callUpload, type UploadProgress } from '../upload.ts';
import type { SessionUser } from '../contract/auth.ts';
import { PROFILE_IMAGE_FIELD } from '../contract/profile.ts';
import { mutationKey, SESSION_KEY } from '../keys.ts';

export interface UploadProfileImageArgs {
  file: Blob;
  fileName?: string;
  onProgress?: (progress: UploadProgress) => void;
}

/** `POST /api/v1/user/upload` (multipart `file`) → the updated session user. */
export function uploadProfileImage({ file, fileName, onProgress }: UploadProfileImageArgs) {
  const body = new FormData();
  body.append(PROFILE_IMAGE_FIELD, file, fileName ?? (file instanceof File ? file.name : 'bild'));
  return callUpload('uploadProfileImage', { body, onProgress });
}

export const UPLOAD_PROFILE_IMAGE_KEY = mutationKey('uploadProfileImage');

/** On success the session user (with the new `imageUrl`) replaces the cached one. */
export function useUploadProfileImage() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<SessionUser, ApiError, string, UploadProfileImageArgs>(
    UPLOAD_PROFILE_IMAGE_KEY,
    async (_key, { arg }) => {
      const user = await uploadProfileImage(arg);
      await mutate(SESSION_KEY, user, { revalidate: false });
      return user;
    },
    { throwOnError: true },
  );
}
