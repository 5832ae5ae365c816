// Login with password and an e-mailed code (spec §2.1, design §5): the challenge, its tries,
// its resend wait, and the session it ends in.
import { randomBytes } from 'node:crypto';
import { SECURITY_MESSAGES, STAFF_MESSAGES } from '@halsa/api/contract';
import { forbidden, HttpError, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { twoFactorMail } from '../../mail/templates.ts';
import { loginOptionsFor } from '../security/login-options.ts';
import { verifyPassword } from '../../security/passwords.ts';
import { hashOtp, newId, newOtpCode, safeEqualHex, UUID_RE } from '../../security/tokens.ts';
import {
  AUTH_MESSAGES,
  findUserByEmail,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_RESENDS,
  OTP_RESEND_WAIT_MS,
  OTP_TTL_MS,
  type AuthDeps,
  type RequestMeta,
} from './deps.ts';

export class TwoFactorLogin {
  /** SESSION_SECRET; without one (benchmarks, never production) a secret for this process. */
  readonly #secret: string | Buffer;

  constructor(private readonly d: AuthDeps) {
    this.#secret = d.config.sessionSecret ?? randomBytes(32);
  }

  /**
   * Checks the password and mails a code. Unknown e-mail and wrong password answer the
   * same and cost the same (one Argon2 verify against a dummy hash).
   */
  async authenticate(email: string, password: string, meta: RequestMeta): Promise<string> {
    const user = await findUserByEmail(this.d.db, email);
    const ok = await verifyPassword(user?.password_hash, password);
    if (!user || !ok) {
      await this.d.activity.record({
        action: 'LOGIN_FAILED',
        subjectUserId: user?.id ?? null,
        ip: meta.ip,
      });
      throw unauthorized(AUTH_MESSAGES.badCredentials);
    }
    // After the password check, so a stranger learns nothing of the account (design §4.14).
    if (user.deactivated_at) {
      await this.d.activity.record({
        action: 'LOGIN_FAILED',
        subjectUserId: user.id,
        ip: meta.ip,
        details: { deactivated: true },
      });
      throw forbidden(STAFF_MESSAGES.deactivated);
    }
    // The second step is her strongest method (design §4.17): the code is mailed only when the
    // e-mailed code comes first; otherwise on her asking (resend) where it is allowed at all.
    const ways = await loginOptionsFor(this.d.db, user);
    if (ways.methods.length === 0) {
      await this.d.activity.record({
        action: 'LOGIN_FAILED',
        subjectUserId: user.id,
        ip: meta.ip,
        details: { emailCodeOff: true },
      });
      throw forbidden(SECURITY_MESSAGES.emailCodeOff);
    }
    const mailNow = ways.methods[0] === 'EMAIL';
    const id = newId();
    const code = newOtpCode();
    const now = this.d.clock.now();
    await this.d.db
      .insertInto('two_factor_challenges')
      .values({
        id,
        user_id: user.id,
        code_hash: mailNow ? hashOtp(this.#secret, id, code) : null,
        created_at: now,
        last_sent_at: now,
        expires_at: new Date(now.getTime() + OTP_TTL_MS),
        consumed_at: null,
        ip_address: meta.ip,
      })
      .execute();
    if (!mailNow) return id;
    await this.sendNow(twoFactorMail(user.email, code));
    await this.d.activity.record({
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
    const now = this.d.clock.now();
    type Outcome =
      | { kind: 'invalid' }
      | { kind: 'exhausted'; userId: number }
      | { kind: 'wrong'; userId: number; attempts: number }
      | { kind: 'ok'; userId: number };
    const outcome = await this.d.db.transaction().execute(async (trx): Promise<Outcome> => {
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
      if (!ch.code_hash || !safeEqualHex(ch.code_hash, hashOtp(this.#secret, ch.id, code))) {
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
        await this.d.activity.record({
          action: 'TWO_FACTOR_FAILED',
          subjectUserId: outcome.userId,
          ip: meta.ip,
          details: { attempt: outcome.attempts },
        });
        throw unauthorized(AUTH_MESSAGES.codeWrong);
      case 'ok':
        await this.d.db
          .updateTable('users')
          .set({ last_active_at: now })
          .where('id', '=', outcome.userId)
          .execute();
        await this.d.activity.record({
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
    const now = this.d.clock.now();
    const ch = await this.d.db
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
        'c.code_hash',
        'u.email',
        'u.role',
      ])
      .where('c.id', '=', challengeId)
      .executeTakeFirst();
    if (!ch || ch.consumed_at || ch.expires_at.getTime() <= now.getTime()) {
      throw unauthorized(AUTH_MESSAGES.codeInvalid);
    }
    if (ch.attempts >= OTP_MAX_ATTEMPTS) throw tooManyRequests(AUTH_MESSAGES.codeTooManyAttempts);
    // Only where the e-mailed code is a way in for her (design §4.17); the first code of a
    // login that began with a passkey or the app goes out at once.
    const ways = await loginOptionsFor(this.d.db, { id: ch.user_id, role: ch.role });
    if (!ways.emailAllowed) {
      throw forbidden(
        ch.role === 'USER' ? SECURITY_MESSAGES.emailCodeOff : SECURITY_MESSAGES.methodNotAvailable,
      );
    }
    const first = ch.code_hash === null;
    const waited = now.getTime() - ch.last_sent_at.getTime();
    if (!first && waited < OTP_RESEND_WAIT_MS) {
      throw tooManyRequests(
        AUTH_MESSAGES.resendTooSoon,
        Math.ceil((OTP_RESEND_WAIT_MS - waited) / 1000),
      );
    }
    if (!first && ch.resend_count >= OTP_MAX_RESENDS) {
      throw tooManyRequests(AUTH_MESSAGES.resendTooMany);
    }
    const code = newOtpCode();
    // Conditional update: two resends racing cannot both pass the wait check.
    const result = await this.d.db
      .updateTable('two_factor_challenges')
      .set({
        code_hash: hashOtp(this.#secret, ch.id, code),
        last_sent_at: now,
        expires_at: new Date(now.getTime() + OTP_TTL_MS),
        resend_count: first ? ch.resend_count : ch.resend_count + 1,
      })
      .where('id', '=', ch.id)
      .where('last_sent_at', '=', ch.last_sent_at)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw tooManyRequests(AUTH_MESSAGES.resendTooSoon, 10);
    await this.sendNow(twoFactorMail(ch.email, code));
    await this.d.activity.record({
      action: first ? 'TWO_FACTOR_SENT' : 'TWO_FACTOR_RESENT',
      actorUserId: ch.user_id,
      subjectUserId: ch.user_id,
      ip: meta.ip,
    });
  }

  private async sendNow(mail: OutgoingMail): Promise<void> {
    try {
      await this.d.mailer.send(mail);
    } catch {
      throw new HttpError(503, AUTH_MESSAGES.mailFailed);
    }
  }
}
