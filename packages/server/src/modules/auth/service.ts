// Authentication and account life cycle: password + e-mailed code login, password
// tokens (reset, set), invitations and registration. Routes stay thin; rules live here.
import type { RegisterRequest } from '@halsa/api/contract';
import { sql, type Kysely } from 'kysely';
import { DAY, HOUR, MINUTE, type Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database, TokenKind, User } from '../../db/schema.ts';
import {
  badRequest,
  conflict,
  HttpError,
  tooManyRequests,
  unauthorized,
} from '../../http/errors.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
import {
  invitationMail,
  resetPasswordMail,
  setPasswordMail,
  twoFactorMail,
} from '../../mail/templates.ts';
import { hashPassword, verifyPassword } from '../../security/passwords.ts';
import {
  hashOtp,
  newId,
  newOtpCode,
  newToken,
  safeEqualHex,
  sha256,
  UUID_RE,
} from '../../security/tokens.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { BackgroundTasks } from '../../tasks.ts';
import { type ActivityLog } from '../activity/service.ts';
import type { SessionService } from './sessions.ts';

export const OTP_TTL_MS = 10 * MINUTE;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_WAIT_MS = 10_000;
export const OTP_MAX_RESENDS = 5;
export const RESET_TOKEN_TTL_MS = HOUR;
export const SET_PASSWORD_TOKEN_TTL_MS = 7 * DAY;
export const INVITATION_TTL_MS = 7 * DAY;

export const AUTH_MESSAGES = {
  badCredentials: 'Ogiltig e-postadress eller lösenord.',
  codeInvalid: 'Koden är ogiltig eller har gått ut. Logga in igen.',
  codeWrong: 'Fel kod. Försök igen.',
  codeTooManyAttempts: 'För många felaktiga försök. Logga in igen.',
  resendTooSoon: 'Vänta 10 sekunder innan du begär en ny kod.',
  resendTooMany: 'För många nya koder har begärts. Logga in igen.',
  tokenInvalid: 'Länken är ogiltig eller har gått ut.',
  invitationInvalid: 'Inbjudan är ogiltig eller har gått ut.',
  invitationEmailMismatch: 'E-postadressen matchar inte inbjudan.',
  emailTaken: 'Det finns redan ett konto med den e-postadressen.',
  currentPasswordWrong: 'Nuvarande lösenord är felaktigt.',
  mailFailed: 'E-post kunde inte skickas just nu. Försök igen om en stund.',
} as const;

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export class AuthService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly config: Pick<Config, 'publicUrl'>,
    private readonly mailer: Mailer,
    private readonly outbox: Outbox,
    private readonly sessions: SessionService,
    private readonly activity: ActivityLog,
    private readonly tasks: BackgroundTasks,
  ) {}

  findUserByEmail(email: string): Promise<User | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', normalizeEmail(email))
      .executeTakeFirst();
  }

  private async sendNow(mail: OutgoingMail): Promise<void> {
    try {
      await this.mailer.send(mail);
    } catch {
      throw new HttpError(503, AUTH_MESSAGES.mailFailed);
    }
  }

  // ---- login with e-mailed code ---------------------------------------------------------

  /**
   * Checks the password and mails a code. Unknown e-mail and wrong password answer the
   * same and cost the same (one Argon2 verify against a dummy hash).
   */
  async authenticate(email: string, password: string, meta: RequestMeta): Promise<string> {
    const user = await this.findUserByEmail(email);
    const ok = await verifyPassword(user?.password_hash, password);
    if (!user || !ok) {
      await this.activity.record({
        action: 'LOGIN_FAILED',
        subjectUserId: user?.id ?? null,
        ip: meta.ip,
      });
      throw unauthorized(AUTH_MESSAGES.badCredentials);
    }
    const id = newId();
    const code = newOtpCode();
    const now = this.clock.now();
    await this.db
      .insertInto('two_factor_challenges')
      .values({
        id,
        user_id: user.id,
        code_hash: hashOtp(id, code),
        created_at: now,
        last_sent_at: now,
        expires_at: new Date(now.getTime() + OTP_TTL_MS),
        consumed_at: null,
        ip_address: meta.ip,
      })
      .execute();
    await this.sendNow(twoFactorMail(user.email, code));
    await this.activity.record({
      action: 'TWO_FACTOR_SENT',
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: meta.ip,
    });
    return id;
  }

  /**
   * Verifies a code against its own login attempt. Every try counts (5 at most); a
   * used, expired or exhausted challenge is refused. Returns the user id on success.
   */
  async verifyTwoFactor(challengeId: string, code: string, meta: RequestMeta): Promise<number> {
    if (!UUID_RE.test(challengeId)) throw unauthorized(AUTH_MESSAGES.codeInvalid);
    const now = this.clock.now();
    type Outcome =
      | { kind: 'invalid' }
      | { kind: 'exhausted'; userId: number }
      | { kind: 'wrong'; userId: number; attempts: number }
      | { kind: 'ok'; userId: number };
    const outcome = await this.db.transaction().execute(async (trx): Promise<Outcome> => {
      const ch = await trx
        .selectFrom('two_factor_challenges')
        .selectAll()
        .where('id', '=', challengeId)
        .forUpdate()
        .executeTakeFirst();
      if (!ch || ch.consumed_at || ch.expires_at.getTime() <= now.getTime()) {
        return { kind: 'invalid' };
      }
      if (ch.attempts >= OTP_MAX_ATTEMPTS) return { kind: 'exhausted', userId: ch.user_id };
      if (!safeEqualHex(ch.code_hash, hashOtp(ch.id, code))) {
        await trx
          .updateTable('two_factor_challenges')
          .set({ attempts: ch.attempts + 1 })
          .where('id', '=', ch.id)
          .execute();
        return { kind: 'wrong', userId: ch.user_id, attempts: ch.attempts + 1 };
      }
      await trx
        .updateTable('two_factor_challenges')
        .set({ attempts: ch.attempts + 1, consumed_at: now })
        .where('id', '=', ch.id)
        .execute();
      return { kind: 'ok', userId: ch.user_id };
    });

    switch (outcome.kind) {
      case 'invalid':
        throw unauthorized(AUTH_MESSAGES.codeInvalid);
      case 'exhausted':
        throw tooManyRequests(AUTH_MESSAGES.codeTooManyAttempts);
      case 'wrong':
        await this.activity.record({
          action: 'TWO_FACTOR_FAILED',
          subjectUserId: outcome.userId,
          ip: meta.ip,
          details: { attempt: outcome.attempts },
        });
        throw unauthorized(AUTH_MESSAGES.codeWrong);
      case 'ok':
        await this.db
          .updateTable('users')
          .set({ last_active_at: now })
          .where('id', '=', outcome.userId)
          .execute();
        await this.activity.record({
          action: 'LOGIN_SUCCEEDED',
          actorUserId: outcome.userId,
          subjectUserId: outcome.userId,
          ip: meta.ip,
        });
        return outcome.userId;
    }
  }

  /** A new code for the same login attempt; the old code stops working. */
  async resendTwoFactor(challengeId: string, meta: RequestMeta): Promise<void> {
    if (!UUID_RE.test(challengeId)) throw unauthorized(AUTH_MESSAGES.codeInvalid);
    const now = this.clock.now();
    const ch = await this.db
      .selectFrom('two_factor_challenges as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select([
        'c.id',
        'c.user_id',
        'c.attempts',
        'c.resend_count',
        'c.last_sent_at',
        'c.expires_at',
        'c.consumed_at',
        'u.email',
      ])
      .where('c.id', '=', challengeId)
      .executeTakeFirst();
    if (!ch || ch.consumed_at || ch.expires_at.getTime() <= now.getTime()) {
      throw unauthorized(AUTH_MESSAGES.codeInvalid);
    }
    if (ch.attempts >= OTP_MAX_ATTEMPTS) throw tooManyRequests(AUTH_MESSAGES.codeTooManyAttempts);
    const waited = now.getTime() - ch.last_sent_at.getTime();
    if (waited < OTP_RESEND_WAIT_MS) {
      throw tooManyRequests(
        AUTH_MESSAGES.resendTooSoon,
        Math.ceil((OTP_RESEND_WAIT_MS - waited) / 1000),
      );
    }
    if (ch.resend_count >= OTP_MAX_RESENDS) throw tooManyRequests(AUTH_MESSAGES.resendTooMany);
    const code = newOtpCode();
    // Conditional update: two resends racing cannot both pass the wait check.
    const result = await this.db
      .updateTable('two_factor_challenges')
      .set({
        code_hash: hashOtp(ch.id, code),
        last_sent_at: now,
        expires_at: new Date(now.getTime() + OTP_TTL_MS),
        resend_count: ch.resend_count + 1,
      })
      .where('id', '=', ch.id)
      .where('last_sent_at', '=', ch.last_sent_at)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw tooManyRequests(AUTH_MESSAGES.resendTooSoon, 10);
    await this.sendNow(twoFactorMail(ch.email, code));
    await this.activity.record({
      action: 'TWO_FACTOR_RESENT',
      actorUserId: ch.user_id,
      subjectUserId: ch.user_id,
      ip: meta.ip,
    });
  }

  // ---- password tokens -----------------------------------------------------------------

  /** Issues a single-use token (only its sha256 is stored); older open ones of the kind die. */
  async issueToken(
    kind: TokenKind,
    target: { userId?: number; email?: string },
    ttlMs: number,
    createdBy: number | null = null,
    mail?: (token: string) => OutgoingMail,
  ): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + ttlMs);
    await this.db.transaction().execute(async (trx) => {
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
      if (mail) await this.outbox.enqueue(trx, 'MAIL', mail(token));
    });
    // Tried at once; a failed try stays queued and is retried with backoff.
    if (mail) await this.outbox.kick();
    return { token, expiresAt };
  }

  link(path: string, token: string): string {
    return `${this.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  /**
   * Same answer, same work before answering, for known and unknown addresses: the token
   * and the mail are made after the answer is sent.
   */
  async forgotPassword(email: string, meta: RequestMeta): Promise<void> {
    const user = await this.findUserByEmail(email);
    this.tasks.run(async () => {
      if (!user) return;
      await this.issueToken('RESET_PASSWORD', { userId: user.id }, RESET_TOKEN_TTL_MS, null, (t) =>
        resetPasswordMail(user.email, this.link('/reset-password', t)),
      );
      await this.activity.record({
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
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (kind === 'RESET_PASSWORD') {
      await this.issueToken(kind, { userId }, RESET_TOKEN_TTL_MS, actorUserId, (t) =>
        resetPasswordMail(user.email, this.link('/reset-password', t)),
      );
    } else {
      await this.issueToken(kind, { userId }, SET_PASSWORD_TOKEN_TTL_MS, actorUserId, (t) =>
        setPasswordMail(user.email, this.link('/new-password', t)),
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
    const passwordHash = await hashPassword(password);
    const now = this.clock.now();
    const userId = await this.db.transaction().execute(async (trx) => {
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
      await trx.deleteFrom('sessions').where('user_id', '=', row.user_id).execute();
      await trx
        .updateTable('two_factor_challenges')
        .set({ consumed_at: now })
        .where('user_id', '=', row.user_id)
        .where('consumed_at', 'is', null)
        .execute();
      return row.user_id;
    });
    if (userId === null) throw badRequest(AUTH_MESSAGES.tokenInvalid);
    this.sessions.forgetUser(userId);
    await this.activity.record({
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
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      // 400, not 401: a wrong current password must not sign the user out in the client.
      throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
    }
    const passwordHash = await hashPassword(newPassword);
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: this.clock.now() })
      .where('id', '=', user.id)
      .execute();
    await this.sessions.destroyAllForUser(user.id, session.idHash);
    await this.activity.record({
      action: 'PASSWORD_CHANGED',
      actorUserId: user.id,
      subjectUserId: user.id,
      ip: meta.ip,
    });
  }

  // ---- invitations and registration ------------------------------------------------------

  async invite(
    email: string,
    actorUserId: number | null,
    meta: RequestMeta | null,
    options: { send?: boolean } = {},
  ): Promise<{ email: string; expiresAt: Date; link: string }> {
    const normalized = normalizeEmail(email);
    if (await this.findUserByEmail(normalized)) throw conflict(AUTH_MESSAGES.emailTaken);
    const { token, expiresAt } = await this.issueToken(
      'INVITATION',
      { email: normalized },
      INVITATION_TTL_MS,
      actorUserId,
      options.send === false
        ? undefined
        : (t) => invitationMail(normalized, this.link('/register', t)),
    );
    const link = this.link('/register', token);
    await this.activity.record({
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
    const passwordHash = await hashPassword(data.password);
    const now = this.clock.now();
    const userId = await this.db.transaction().execute(async (trx) => {
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
    await this.activity.record({
      action: 'REGISTERED',
      actorUserId: userId,
      subjectUserId: userId,
      ip: meta.ip,
    });
    return userId;
  }
}
