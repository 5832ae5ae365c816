// The first ADMIN of a real deployment (`pnpm create-admin`): an account without a password
// and a single-use set-password link (7 days). The operator hands the link to the person, who
// chooses her own password on /new-password; nobody else ever knows it.
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/index.ts';
import { newToken, sha256 } from '../../security/tokens.ts';
import {
  AUTH_MESSAGES,
  findUserByEmail,
  normalizeEmail,
  SET_PASSWORD_TOKEN_TTL_MS,
} from './deps.ts';

export class CreateAdminError extends Error {}

export async function createAdmin(
  db: Db,
  clock: Clock,
  publicUrl: string,
  input: { email: string; firstName?: string; lastName?: string },
): Promise<{ userId: number; email: string; link: string; expiresAt: Date }> {
  const email = normalizeEmail(input.email);
  if (!z.email().safeParse(email).success || email.length > 254) {
    throw new CreateAdminError(`Ogiltig e-postadress: "${input.email}"`);
  }
  if (await findUserByEmail(db, email)) throw new CreateAdminError(AUTH_MESSAGES.emailTaken);
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SET_PASSWORD_TOKEN_TTL_MS);
  const userId = await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({
        email,
        password_hash: null,
        role: 'ADMIN',
        first_name: input.firstName ?? 'Administratör',
        last_name: input.lastName ?? '',
        image_file_id: null,
        registration_status: 'INVITED',
        created_at: now,
        updated_at: now,
        last_active_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('auth_tokens')
      .values({
        token_hash: sha256(token),
        kind: 'SET_PASSWORD',
        user_id: user.id,
        email: null,
        created_by: null,
        created_at: now,
        expires_at: expiresAt,
        consumed_at: null,
      })
      .execute();
    // Logged like every change of who may do what (design §4.14); no actor: the operator's
    // command line, not an account.
    await trx
      .insertInto('activity_log')
      .values({
        action: 'ADMIN_CREATED',
        actor_user_id: null,
        subject_user_id: user.id,
        ip_address: null,
        details: JSON.stringify({ via: 'create-admin' }),
        created_at: now,
      })
      .execute();
    return user.id;
  });
  const link = `${publicUrl}/new-password?token=${encodeURIComponent(token)}`;
  return { userId, email, link, expiresAt };
}
