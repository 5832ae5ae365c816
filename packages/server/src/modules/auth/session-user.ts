import type { SessionUser } from '@halsa/api/contract';
import type { Role } from '../../db/schema.ts';

export const profileImageUrl = (fileId: string | null): string | null =>
  fileId ? `/api/v1/user/image/${fileId}` : null;

export function toSessionUser(u: {
  id: number;
  first_name: string;
  last_name: string;
  role: Role;
  image_file_id: string | null;
}): SessionUser {
  return {
    id: u.id,
    firstName: u.first_name,
    lastName: u.last_name,
    role: u.role,
    imageUrl: profileImageUrl(u.image_file_id),
  };
}
