import type { SessionUser } from '@halsa/api/contract';
import type { Role } from '../../db/schema.ts';

export const profileImageUrl = (fileId: string | null): string | null =>
  fileId ? `/api/v1/user/image/${fileId}` : null;

/**
 * The session user. `mustSetUpStrongSignIn`: the clinic's staff rule holds her back from client
 * data until she adds a passkey or an app (design §4.17, access/strong-rule.ts).
 */
export function toSessionUser(
  u: {
    id: number;
    first_name: string;
    last_name: string;
    role: Role;
    image_file_id: string | null;
  },
  mustSetUpStrongSignIn: boolean,
): SessionUser {
  return {
    id: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    role: u.role,
    imageUrl: profileImageUrl(u.image_file_id),
    mustSetUpStrongSignIn,
  };
}
