// Password tokens (design §4.3, §5): reset and set-password links, single use, expiring,
// mailed through the outbox in the transaction that issues them; and changing a password.
import type { TokenKind } from '../../db/schema.ts';
import { STAFF_MESSAGES } from '@halsa/api/contract';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import {
  resetPasswordMail,
  setPasswordMail,
  staffResetPasswordMail,
} from '../../mail/templates.ts';
import { hashPassword, verifyPassword } from '../../security/passwords.ts';
import { newToken, sha256 } from '../../security/tokens.ts';
import {
  AUTH_MESSAGES,
  findUserByEmail,
  normalizeEmail,
  refuseCommonPassword,
  RESET_TOKEN_TTL_MS,
  SET_PASSWORD_TOKEN_TTL_MS,
  type AuthDeps,
  type RequestMeta,
} from './deps.ts';

export class PasswordTokens {
  constructor(private readonly d: AuthDeps) {}

  /** Issues a single-use token (only its sha256 is stored); older open ones of the kind die. */
  async issueToken(
    kind: TokenKind,
    target: { userId?: number; email?: string },
    ttlMs: number,
    createdBy: number | null = null,
    mail?: (token: string) => OutgoingMail,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = this.d.clock.now();
    const expiresAt = new Date(now.getTime() + ttlMs);
    await this.d.db.transaction().execute(async (trx) => {
      let revoke = trx
        .updateTable('auth_tokens')
        .set({ consumed_at: now })
        .where('kind', '=', kind)
        .where('consumed_at', 'is', null);
      revoke =
        target.userId !== undefined
          ? revoke.where('user_id', '=', target.userId)
          : revoke.where('email', '=', normalizeEmail(target.email ?? ''));
      await revoke.execute();
      await trx
        .insertInto('auth_tokens')
        .values({
          token_hash: sha256(token),
          kind,
          user_id: target.userId ?? null,
          email: target.email ? normalizeEmail(target.email) : null,
          created_by: createdBy,
          created_at: now,
          expires_at: expiresAt,
          consumed_at: null,
        })
        .execute();
      // The link's mail is part of the change: no token without its mail, no mail without it.
      if (mail) await this.d.outbox.enqueue(trx, 'MAIL', mail(token));
    });
    // Tried at once; a failed try stays queued and is retried with backoff.
    if (mail) await this.d.outbox.kick();
    return { token, expiresAt };
  }

  link(path: string, token: string): string {
    return `${this.d.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  /**
   * Same answer, same work before answering, for known and unknown addresses: the token
   * and the mail are made after the answer is sent.
   */
  async forgotPassword(email: string, meta: RequestMeta): Promise<void> {
    const user = await findUserByEmail(this.d.db, email);
    this.d.tasks.run(async () => {
      // A deactivated account gets no reset mail (the answer is the same: no enumeration).
      if (!user || user.deactivated_at) return;
      await this.issueToken('RESET_PASSWORD', { userId: user.id }, RESET_TOKEN_TTL_MS, null, (t) =>
        resetPasswordMail(user.email, this.link('/reset-password', t)),
      );
      await this.d.activity.record({
        action: 'PASSWORD_RESET_REQUESTED',
        subjectUserId: user.id,
        ip: meta.ip,
      });
    });
  }

  /** Staff's "send reset link" and accounts made without a password use this. */
  async sendPasswordLink(
    userId: number,
    kind: 'RESET_PASSWORD' | 'SET_PASSWORD',
    actorUserId: number | null,
  ): Promise<void> {
    const user = await this.d.db
      .selectFrom('users')
      .select(['id', 'email', 'deactivated_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (user.deactivated_at) throw conflict(STAFF_MESSAGES.deactivatedNoLink);
    // Someone else sends these: the mail is signed with the clinic's name (journal settings).
    const settings = await this.d.db
      .selectFrom('journal_settings')
      .select('clinic_name')
      .where('id', '=', 1)
      .executeTakeFirst();
    const clinic = settings?.clinic_name ?? '';
    if (kind === 'RESET_PASSWORD') {
      await this.issueToken(kind, { userId }, RESET_TOKEN_TTL_MS, actorUserId, (t) =>
        staffResetPasswordMail(user.email, this.link('/reset-password', t), clinic),
      );
    } else {
      await this.issueToken(kind, { userId }, SET_PASSWORD_TOKEN_TTL_MS, actorUserId, (t) =>
        setPasswordMail(user.email, this.link('/new-password', t), clinic),
      );
    }
  }

  /** Consumes a reset or set-password token atomically and sets the password. */
  async usePasswordToken(
    kind: 'RESET_PASSWORD' | 'SET_PASSWORD',
    token: string,
    password: string,
    meta: RequestMeta,
  ): Promise<void> {
    if (token.length > 200) throw badRequest(AUTH_MESSAGES.tokenInvalid);
    await refuseCommonPassword(password);
    const passwordHash = await hashPassword(password);
    const now = this.d.clock.now();
    const done = await this.d.db.transaction().execute(async (trx) => {
      // A link of an account deactivated since it was mailed is refused and stays unused.
      const deactivated = await trx
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select('u.id')
        .where('t.token_hash', '=', sha256(token))
        .where('u.deactivated_at', 'is not', null)
        .executeTakeFirst();
      if (deactivated) throw forbidden(STAFF_MESSAGES.deactivated);
      const row = await trx
        .updateTable('auth_tokens')
        .set({ consumed_at: now })
        .where('token_hash', '=', sha256(token))
        .where('kind', '=', kind)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      if (!row?.user_id) return null;
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now, registration_status: 'REGISTERED' })
        .where('id', '=', row.user_id)
        .execute();
      // A new password ends every open session and every pending login code.
      const ended = await trx
        .deleteFrom('sessions')
        .where('user_id', '=', row.user_id)
        .returning('id_hash')
        .execute();
      await trx
        .updateTable('two_factor_challenges')
        .set({ consumed_at: now })
        .where('user_id', '=', row.user_id)
        .where('consumed_at', 'is', null)
        .execute();
      return { userId: row.user_id, ended: ended.map((r) => r.id_hash) };
    });
    if (done === null) throw badRequest(AUTH_MESSAGES.tokenInvalid);
    const { userId } = done;
    // Browsers still holding one of those sessions are told why on their next call.
    await this.d.sessions.rememberEnded('PASSWORD_CHANGED', done.ended);
    await this.d.sessions.forgetUser(userId);
    await this.d.activity.record({
      action: kind === 'RESET_PASSWORD' ? 'PASSWORD_RESET' : 'PASSWORD_SET',
      actorUserId: userId,
      subjectUserId: userId,
      ip: meta.ip,
    });
  }

  async changePassword(
    session: { userId: number; idHash: string },
    currentPassword: string,
    newPassword: string,
    meta: RequestMeta,
  ): Promise<void> {
    const user = await this.d.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      // 400, not 401: a wrong current password must not sign the user out in the client.
      throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
    }
    await refuseCommonPassword(newPassword);
    const passwordHash = await hashPassword(newPassword);
    await this.d.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: this.d.clock.now() })
      .where('id', '=', user.id)
      .execute();
    await this.d.sessions.destroyAllForUser(user.id, 'PASSWORD_CHANGED', session.idHash);
    await this.d.activity.record({
      action: 'PASSWORD_CHANGED',
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: meta.ip,
    });
  }
}
