// Invitations and registration (design §4.8): an invitation link, valid 7 days, single use,
// for one address; registering with it creates the account.
import type { RegisterRequest } from '@halsa/api/contract';
import { sql } from 'kysely';
import { badRequest, conflict } from '../../http/errors.ts';
import { invitationMail } from '../../mail/templates.ts';
import { hashPassword } from '../../security/passwords.ts';
import { sha256 } from '../../security/tokens.ts';
import {
  AUTH_MESSAGES,
  findUserByEmail,
  INVITATION_TTL_MS,
  normalizeEmail,
  refuseCommonPassword,
  type AuthDeps,
  type RequestMeta,
} from './deps.ts';
import type { PasswordTokens } from './password-tokens.ts';

export class Registration {
  constructor(
    private readonly d: AuthDeps,
    private readonly tokens: PasswordTokens,
  ) {}

  async invite(
    email: string,
    actorUserId: number | null,
    meta: RequestMeta | null,
    options: { send?: boolean } = {},
  ): Promise<{ email: string; expiresAt: Date; link: string }> {
    const normalized = normalizeEmail(email);
    if (await findUserByEmail(this.d.db, normalized)) throw conflict(AUTH_MESSAGES.emailTaken);
    const { token, expiresAt } = await this.tokens.issueToken(
      'INVITATION',
      { email: normalized },
      INVITATION_TTL_MS,
      actorUserId,
      options.send === false
        ? undefined
        : (t) => invitationMail(normalized, this.tokens.link('/register', t)),
    );
    const link = this.tokens.link('/register', token);
    await this.d.activity.record({
      action: 'INVITATION_SENT',
      actorUserId,
      ip: meta?.ip ?? null,
      details: { email: normalized },
    });
    return { email: normalized, expiresAt, link };
  }

  /** Registers a client from an invitation: the token is used once and only for its address. */
  async register(token: string, data: RegisterRequest, meta: RequestMeta): Promise<number> {
    if (token.length > 200) throw badRequest(AUTH_MESSAGES.invitationInvalid);
    const email = normalizeEmail(data.email);
    await refuseCommonPassword(data.password);
    const passwordHash = await hashPassword(data.password);
    const now = this.d.clock.now();
    const userId = await this.d.db.transaction().execute(async (trx) => {
      const invitation = await trx
        .selectFrom('auth_tokens')
        .select(['id', 'email'])
        .where('token_hash', '=', sha256(token))
        .where('kind', '=', 'INVITATION')
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .forUpdate()
        .executeTakeFirst();
      if (!invitation) throw badRequest(AUTH_MESSAGES.invitationInvalid);
      if (invitation.email !== email) throw badRequest(AUTH_MESSAGES.invitationEmailMismatch);
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email)
        .executeTakeFirst();
      if (taken) throw conflict(AUTH_MESSAGES.emailTaken);
      const user = await trx
        .insertInto('users')
        .values({
          email,
          password_hash: passwordHash,
          role: 'USER',
          first_name: data.firstname.trim(),
          last_name: data.lastname.trim(),
          image_file_id: null,
          registration_status: 'REGISTERED',
          created_at: now,
          updated_at: now,
          last_active_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ssn = data.hasSocialSecurity ? (data.socialSecurityNumber ?? null) : null;
      await trx
        .insertInto('client_profiles')
        .values({
          user_id: user.id,
          has_social_security: data.hasSocialSecurity,
          social_security_number: ssn,
          birth_date: ssn
            ? `${ssn.slice(0, 4)}-${ssn.slice(4, 6)}-${ssn.slice(6, 8)}`
            : (data.birthDate ?? null),
          phone_number: data.phoneNumber,
          street: data.street.trim(),
          city: data.city.trim(),
          zip_code: data.zipCode,
          membership: null,
          package: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .updateTable('auth_tokens')
        .set({ consumed_at: now })
        .where('id', '=', invitation.id)
        .execute();
      return user.id;
    });
    await this.d.activity.record({
      action: 'REGISTERED',
      actorUserId: userId,
      subjectUserId: userId,
      ip: meta.ip,
    });
    return userId;
  }
}
