// The login's second step by method, and 'Logga in med nyckel' (design §4.17). A pending login is
// the e-mailed code's challenge row (two_factor_challenges): the same 10 minutes, the same
// 5 tries (every method's try counts on it), the same per-account limits (the routes' `codes`
// bucket) and, at success, the same consumption and a new session id (routes.ts).
import {
  SECURITY_MESSAGES,
  STAFF_MESSAGES,
  type LoginStep,
  type PasskeyAuthenticationResponse,
  type PasskeyRequestOptions,
  type VerifyLoginStepRequest,
} from '@halsa/api/contract';
import type { z } from 'zod';
import type { verifyLoginStepRequestSchema } from '@halsa/api/contract';
import { forbidden, tooManyRequests, unauthorized } from '../../http/errors.ts';
import { UUID_RE } from '../../security/tokens.ts';
import { AUTH_MESSAGES, OTP_MAX_ATTEMPTS, type RequestMeta } from '../auth/deps.ts';
import { loginOptionsFor } from './login-options.ts';
import type { SecurityDeps, SignInMethods } from './methods.ts';
import { takeTotpStep, totpStepOf } from './totp.ts';
import {
  advanceCounter,
  authenticationOptions,
  challengeOf,
  verifyAssertion,
  type AssertionResult,
} from './webauthn.ts';

type VerifyInput = z.output<typeof verifyLoginStepRequestSchema>;
export type { VerifyLoginStepRequest };

interface Pending {
  id: string;
  userId: number;
  role: 'USER' | 'STAFF' | 'ADMIN';
  hasEmailCode: boolean;
}

/** The failure of one try: its Swedish message and what the log says. */
class StepFailure extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export class LoginSteps {
  constructor(
    private readonly d: SecurityDeps,
    private readonly methods: SignInMethods,
  ) {}

  /** The pending login behind a twoFactorId: not used, not expired, tries left. */
  private async pending(twoFactorId: string): Promise<Pending> {
    if (!UUID_RE.test(twoFactorId)) throw unauthorized(AUTH_MESSAGES.codeInvalid);
    const now = this.d.clock.now();
    const row = await this.d.db
      .selectFrom('two_factor_challenges as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.user_id', 'c.attempts', 'c.code_hash', 'c.expires_at', 'c.consumed_at'])
      .select(['u.role', 'u.deactivated_at'])
      .where('c.id', '=', twoFactorId)
      .executeTakeFirst();
    if (!row || row.consumed_at || row.expires_at <= now || row.deactivated_at) {
      throw unauthorized(AUTH_MESSAGES.codeInvalid);
    }
    if (row.attempts >= OTP_MAX_ATTEMPTS) throw tooManyRequests(AUTH_MESSAGES.codeTooManyAttempts);
    return {
      id: row.id,
      userId: row.user_id,
      role: row.role,
      hasEmailCode: row.code_hash !== null,
    };
  }

  async step(twoFactorId: string): Promise<LoginStep> {
    const pending = await this.pending(twoFactorId);
    const options = await loginOptionsFor(this.d.db, { id: pending.userId, role: pending.role });
    if (options.methods.length === 0) throw forbidden(SECURITY_MESSAGES.emailCodeOff);
    return { methods: options.methods, emailSent: pending.hasEmailCode };
  }

  /** Her keys and a challenge bound to this pending login. */
  async passkeyOptions(twoFactorId: string): Promise<PasskeyRequestOptions> {
    const pending = await this.pending(twoFactorId);
    const keys = await this.methods.passkeysOf(pending.userId);
    if (keys.length === 0) throw unauthorized(SECURITY_MESSAGES.methodNotAvailable);
    const { challenge } = await this.methods.challenges.issue({
      purpose: 'LOGIN_STEP',
      twoFactorId: pending.id,
      userId: pending.userId,
    });
    return (await authenticationOptions(this.methods.rp, challenge, keys)) as PasskeyRequestOptions;
  }

  /**
   * One try of the second step: counted on the pending login first (5 at most), then checked;
   * a success consumes the pending login (once, even when two tries race) and returns her id.
   */
  async verify(input: VerifyInput, meta: RequestMeta): Promise<number> {
    const pending = await this.pending(input.twoFactorId);
    const options = await loginOptionsFor(this.d.db, { id: pending.userId, role: pending.role });
    if (!options.methods.includes(input.method)) {
      await this.d.activity.record({
        action: 'SIGN_IN_METHOD_FAILED',
        subjectUserId: pending.userId,
        ip: meta.ip,
        details: { method: input.method, reason: 'NOT_AVAILABLE' },
      });
      throw unauthorized(SECURITY_MESSAGES.methodNotAvailable);
    }
    const now = this.d.clock.now();
    const counted = await this.d.db
      .updateTable('two_factor_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', pending.id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', OTP_MAX_ATTEMPTS)
      .returning('attempts')
      .executeTakeFirst();
    if (!counted) throw tooManyRequests(AUTH_MESSAGES.codeTooManyAttempts);
    try {
      if (input.method === 'TOTP') await this.checkTotp(pending.userId, input.code, now);
      else if (input.method === 'RESERVE_CODE')
        await this.useReserveCode(pending.userId, input.code, now);
      else await this.checkPasskey(pending, input.credential, meta);
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      await this.d.activity.record({
        action: 'SIGN_IN_METHOD_FAILED',
        subjectUserId: pending.userId,
        ip: meta.ip,
        details: { method: input.method, reason: error.reason, attempt: counted.attempts },
      });
      throw unauthorized(error.message);
    }
    const consumed = await this.d.db
      .updateTable('two_factor_challenges')
      .set({ consumed_at: now })
      .where('id', '=', pending.id)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
    if (consumed.numUpdatedRows === 0n) throw unauthorized(AUTH_MESSAGES.codeInvalid);
    await this.signedIn(pending.userId, input.method, meta);
    return pending.userId;
  }

  private async checkTotp(userId: number, code: string, now: Date): Promise<void> {
    const row = await this.d.db
      .selectFrom('sign_in_methods')
      .select(['id', 'totp_secret'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'TOTP')
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst();
    if (!row?.totp_secret) throw new StepFailure('NO_METHOD', SECURITY_MESSAGES.methodNotAvailable);
    const step = totpStepOf(this.methods.secrets.decryptTotp(row.totp_secret, userId), code, now);
    if (step === null) throw new StepFailure('WRONG_CODE', SECURITY_MESSAGES.totpWrong);
    if (!(await takeTotpStep(this.d.db, row.id, step, now))) {
      throw new StepFailure('STEP_USED', SECURITY_MESSAGES.totpUsed);
    }
  }

  private async useReserveCode(userId: number, code: string, now: Date): Promise<void> {
    const method = await this.d.db
      .selectFrom('sign_in_methods')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', 'RESERVE_CODES')
      .executeTakeFirst();
    if (!method) throw new StepFailure('NO_METHOD', SECURITY_MESSAGES.methodNotAvailable);
    const used = await this.d.db
      .updateTable('reserve_codes')
      .set({ used_at: now })
      .where('method_id', '=', method.id)
      .where('code_hash', '=', this.methods.secrets.hashReserveCode(method.id, code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows === 0n) {
      throw new StepFailure('WRONG_CODE', SECURITY_MESSAGES.reserveCodeWrong);
    }
    await this.d.db
      .updateTable('sign_in_methods')
      .set({ last_used_at: now })
      .where('id', '=', method.id)
      .execute();
  }

  private async checkPasskey(
    pending: Pending,
    credential: PasskeyAuthenticationResponse,
    meta: RequestMeta,
  ): Promise<void> {
    const challenge = challengeOf(credential.response.clientDataJSON);
    const taken = await this.methods.challenges.take(
      { purpose: 'LOGIN_STEP', twoFactorId: pending.id, userId: pending.userId },
      challenge,
    );
    if (!taken || !challenge) {
      throw new StepFailure('CHALLENGE', SECURITY_MESSAGES.challengeInvalid);
    }
    const key = await this.keyOf(credential.id);
    if (!key || key.userId !== pending.userId) {
      throw new StepFailure('UNKNOWN_KEY', SECURITY_MESSAGES.passkeyRefused);
    }
    await this.checkAssertion(
      key,
      await verifyAssertion(this.methods.rp, credential, challenge, key),
      meta,
    );
  }

  /** The passkey behind a credential id. */
  private async keyOf(credentialId: string) {
    const row = await this.d.db
      .selectFrom('sign_in_methods')
      .select(['id', 'user_id', 'credential_id', 'public_key', 'sign_count', 'transports'])
      .where('kind', '=', 'PASSKEY')
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
    if (!row?.public_key || !row.credential_id) return null;
    return {
      methodId: row.id,
      userId: row.user_id,
      credentialId: row.credential_id,
      publicKey: new Uint8Array(row.public_key),
      counter: Number(row.sign_count ?? 0),
      transports: [],
    };
  }

  /** A refused answer fails the try; a counter that went back is also logged as a copy. */
  private async checkAssertion(
    key: { methodId: number; userId: number; counter: number },
    result: AssertionResult,
    meta: RequestMeta,
  ): Promise<void> {
    const now = this.d.clock.now();
    const cloned = async (newCounter: number | null) => {
      await this.d.activity.record({
        action: 'PASSKEY_COUNTER_REFUSED',
        subjectUserId: key.userId,
        ip: meta.ip,
        details: { methodId: key.methodId, storedCounter: key.counter, newCounter },
      });
      return new StepFailure('COUNTER_WENT_BACK', SECURITY_MESSAGES.passkeyCloned);
    };
    if (!result.ok) {
      if (result.reason === 'COUNTER_WENT_BACK') throw await cloned(null);
      throw new StepFailure('REFUSED', SECURITY_MESSAGES.passkeyRefused);
    }
    if (!(await advanceCounter(this.d.db, key.methodId, result.newCounter, now))) {
      throw await cloned(result.newCounter);
    }
  }

  private async signedIn(userId: number, method: string, meta: RequestMeta): Promise<void> {
    const now = this.d.clock.now();
    await this.d.db
      .updateTable('users')
      .set({ last_active_at: now })
      .where('id', '=', userId)
      .execute();
    await this.d.activity.record({
      action: 'LOGIN_SUCCEEDED',
      actorUserId: userId,
      subjectUserId: userId,
      ip: meta.ip,
      details: { method },
    });
  }

  // ---- 'Logga in med nyckel' ----------------------------------------------------------------

  async passkeyLoginOptions(): Promise<{ loginId: string; options: PasskeyRequestOptions }> {
    const { id, challenge } = await this.methods.challenges.issue({ purpose: 'PASSKEY_LOGIN' });
    const options = await authenticationOptions(this.methods.rp, challenge, undefined);
    return { loginId: id, options: options as PasskeyRequestOptions };
  }

  /** A discoverable passkey is both factors: no password, no second step. Returns her id. */
  async passkeyLogin(
    loginId: string,
    credential: PasskeyAuthenticationResponse,
    meta: RequestMeta,
  ): Promise<number> {
    const challenge = challengeOf(credential.response.clientDataJSON);
    const key = await this.keyOf(credential.id);
    const fail = async (reason: string, message: string) => {
      await this.d.activity.record({
        action: 'SIGN_IN_METHOD_FAILED',
        subjectUserId: key?.userId ?? null,
        ip: meta.ip,
        details: { method: 'PASSKEY_LOGIN', reason },
      });
      return unauthorized(message);
    };
    const taken = await this.methods.challenges.take(
      { purpose: 'PASSKEY_LOGIN', id: loginId },
      challenge,
    );
    if (!taken || !challenge) throw await fail('CHALLENGE', SECURITY_MESSAGES.challengeInvalid);
    if (!key) throw await fail('UNKNOWN_KEY', SECURITY_MESSAGES.passkeyUnknown);
    const handle = credential.response.userHandle;
    if (
      handle &&
      handle !== Buffer.from(this.methods.secrets.userHandle(key.userId)).toString('base64url')
    ) {
      throw await fail('USER_HANDLE', SECURITY_MESSAGES.passkeyRefused);
    }
    try {
      await this.checkAssertion(
        key,
        await verifyAssertion(this.methods.rp, credential, challenge, key),
        meta,
      );
    } catch (error) {
      if (!(error instanceof StepFailure)) throw error;
      throw await fail(error.reason, error.message);
    }
    const user = await this.d.db
      .selectFrom('users')
      .select('deactivated_at')
      .where('id', '=', key.userId)
      .executeTakeFirstOrThrow();
    if (user.deactivated_at) {
      await this.d.activity.record({
        action: 'LOGIN_FAILED',
        subjectUserId: key.userId,
        ip: meta.ip,
        details: { deactivated: true, method: 'PASSKEY_LOGIN' },
      });
      throw forbidden(STAFF_MESSAGES.deactivated);
    }
    await this.signedIn(key.userId, 'PASSKEY_LOGIN', meta);
    return key.userId;
  }
}
