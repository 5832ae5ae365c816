// Her sign-in methods on /profile/security (design §4.17): the list, adding a passkey, the
// authenticator app (set up, then confirmed with a code), reserve codes, removing one after her
// password again, and ADMIN's view and reset of a person's methods. Every enrolment, removal and
// failure is written to the activity log.
import {
  SECURITY_MESSAGES,
  STAFF_MESSAGES,
  type PasskeyCreationOptions,
  type PasskeyRegistrationResponse,
  type ReserveCodes,
  type Role,
  type SecurityOverview,
  type SignInMethod,
  type TotpSetup,
} from '@halsa/api/contract';
import type { Kysely } from 'kysely';
import { MINUTE, type Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import { MAX_DB_ID } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { verifyPassword } from '../../security/passwords.ts';
import type { ActivityLog } from '../activity/service.ts';
import { newReserveCode, SignInSecrets } from './secrets.ts';
import { strongSignInState } from '../../access/strong-rule.ts';
import { newTotpKey, takeTotpStep, totpStepOf } from './totp.ts';
import {
  challengeOf,
  registrationOptions,
  relyingPartyOf,
  verifyRegistration,
  WebAuthnChallenges,
  type RelyingParty,
} from './webauthn.ts';

export const RESERVE_CODE_COUNT = 10;
export const TOTP_SETUP_TTL_MS = 10 * MINUTE;

export interface SecurityDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>;
  activity: ActivityLog;
}

export interface Actor {
  userId: number;
  role: Role;
  ip: string;
  /** Her session (a passkey's registration challenge is bound to it). */
  sessionIdHash: string;
}

type MethodRow = Pick<Database['sign_in_methods'], 'kind' | 'name'> & {
  id: number;
  created_at: Date;
  last_used_at: Date | null;
  remaining: number | string | null;
};

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

const toMethod = (row: MethodRow): SignInMethod => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  remainingCodes: row.kind === 'RESERVE_CODES' ? Number(row.remaining ?? 0) : null,
});

export const transportsOf = (stored: string | null): string[] =>
  stored ? stored.split(',').filter(Boolean) : [];

export class SignInMethods {
  readonly secrets: SignInSecrets;
  readonly rp: RelyingParty;
  readonly challenges: WebAuthnChallenges;

  constructor(private readonly d: SecurityDeps) {
    this.secrets = new SignInSecrets(d.config.sessionSecret);
    this.rp = relyingPartyOf(d.config.publicUrl);
    this.challenges = new WebAuthnChallenges(d.db, () => d.clock.now());
  }

  /** Her confirmed methods, oldest first (an app not yet confirmed is not one). */
  async list(userId: number): Promise<SignInMethod[]> {
    const rows = await this.d.db
      .selectFrom('sign_in_methods as m')
      .select((eb) => [
        'm.id',
        'm.kind',
        'm.name',
        'm.created_at',
        'm.last_used_at',
        eb
          .selectFrom('reserve_codes as r')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('r.method_id', '=', 'm.id')
          .where('r.used_at', 'is', null)
          .as('remaining'),
      ])
      .where('m.user_id', '=', userId)
      .where('m.confirmed_at', 'is not', null)
      .orderBy('m.created_at')
      .orderBy('m.id')
      .execute();
    return rows.map(toMethod);
  }

  async overview(
    actor: Pick<Actor, 'userId' | 'role'> & { strongSignIn?: boolean },
  ): Promise<SecurityOverview> {
    const [methods, state] = await Promise.all([
      this.list(actor.userId),
      strongSignInState(this.d.db, actor),
    ]);
    return {
      methods,
      strongRequired: state.strongRequired,
      mustSetUpStrongSignIn: state.mustSetUp,
    };
  }

  /** Her passkeys, for `excludeCredentials` and `allowCredentials`. */
  async passkeysOf(userId: number) {
    const rows = await this.d.db
      .selectFrom('sign_in_methods')
      .select(['id', 'credential_id', 'public_key', 'sign_count', 'transports'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'PASSKEY')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      credentialId: r.credential_id ?? '',
      transports: transportsOf(r.transports),
    }));
  }

  // ---- passkeys ---------------------------------------------------------------------------------

  async passkeyOptions(actor: Actor): Promise<PasskeyCreationOptions> {
    const user = await this.d.db
      .selectFrom('users')
      .select(['email', 'first_name', 'last_name'])
      .where('id', '=', actor.userId)
      .executeTakeFirstOrThrow();
    const { challenge } = await this.challenges.issue({
      purpose: 'REGISTER',
      userId: actor.userId,
      sessionIdHash: actor.sessionIdHash,
    });
    const options = await registrationOptions(
      this.rp,
      {
        handle: this.secrets.userHandle(actor.userId),
        email: user.email,
        displayName: `${user.first_name} ${user.last_name}`,
      },
      challenge,
      await this.passkeysOf(actor.userId),
    );
    return options as PasskeyCreationOptions;
  }

  async registerPasskey(
    actor: Actor,
    name: string,
    response: PasskeyRegistrationResponse,
  ): Promise<SignInMethod> {
    const challenge = challengeOf(response.response.clientDataJSON);
    const taken = await this.challenges.take(
      { purpose: 'REGISTER', userId: actor.userId, sessionIdHash: actor.sessionIdHash },
      challenge,
    );
    if (!taken || !challenge) {
      await this.failed(actor, 'PASSKEY', 'CHALLENGE');
      throw badRequest(SECURITY_MESSAGES.challengeInvalid);
    }
    const key = await verifyRegistration(this.rp, response, challenge);
    if (!key) {
      await this.failed(actor, 'PASSKEY', 'REFUSED');
      throw badRequest(SECURITY_MESSAGES.passkeyRefused);
    }
    const now = this.d.clock.now();
    let id: number;
    try {
      id = await this.d.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('sign_in_methods')
          .values({
            user_id: actor.userId,
            kind: 'PASSKEY',
            name,
            created_at: now,
            confirmed_at: now,
            last_used_at: null,
            credential_id: key.credentialId,
            public_key: Buffer.from(key.publicKey),
            sign_count: key.counter,
            transports: key.transports.join(',') || null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await this.d.activity.record(
          {
            action: 'SIGN_IN_METHOD_ADDED',
            actorUserId: actor.userId,
            subjectUserId: actor.userId,
            ip: actor.ip,
            details: { kind: 'PASSKEY', methodId: row.id, name },
          },
          trx,
        );
        return row.id;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await this.failed(actor, 'PASSKEY', 'EXISTS');
      throw conflict(SECURITY_MESSAGES.passkeyExists);
    }
    return this.one(actor.userId, id);
  }

  // ---- the authenticator app --------------------------------------------------------------------

  /** A new key for the app, stored encrypted and unconfirmed (her earlier unconfirmed go). */
  async startTotp(actor: Actor): Promise<TotpSetup> {
    const user = await this.d.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', actor.userId)
      .executeTakeFirstOrThrow();
    const now = this.d.clock.now();
    return this.d.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('sign_in_methods')
        .select('id')
        .where('user_id', '=', actor.userId)
        .where('kind', '=', 'TOTP')
        .where('confirmed_at', 'is not', null)
        .executeTakeFirst();
      if (existing) throw conflict(SECURITY_MESSAGES.totpExists);
      await trx
        .deleteFrom('sign_in_methods')
        .where('user_id', '=', actor.userId)
        .where('kind', '=', 'TOTP')
        .where('confirmed_at', 'is', null)
        .execute();
      const { secret, uri } = newTotpKey(user.email);
      const row = await trx
        .insertInto('sign_in_methods')
        .values({
          user_id: actor.userId,
          kind: 'TOTP',
          name: 'Autentiseringsapp',
          created_at: now,
          confirmed_at: null,
          totp_secret: this.secrets.encryptTotp(secret, actor.userId),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { setupId: row.id, secret, otpauthUri: uri };
    });
  }

  /** The app counts once a code from it fits; that code's step is then used. */
  async confirmTotp(
    actor: Actor,
    setupId: number,
    code: string,
    name: string | undefined,
  ): Promise<SignInMethod> {
    const now = this.d.clock.now();
    const row =
      setupId > MAX_DB_ID
        ? undefined
        : await this.d.db
            .selectFrom('sign_in_methods')
            .select(['id', 'totp_secret', 'created_at', 'confirmed_at'])
            .where('id', '=', setupId)
            .where('user_id', '=', actor.userId)
            .where('kind', '=', 'TOTP')
            .executeTakeFirst();
    if (
      !row?.totp_secret ||
      row.confirmed_at ||
      row.created_at.getTime() + TOTP_SETUP_TTL_MS <= now.getTime()
    ) {
      await this.failed(actor, 'TOTP', 'SETUP_INVALID');
      throw badRequest(SECURITY_MESSAGES.setupInvalid);
    }
    const step = totpStepOf(this.secrets.decryptTotp(row.totp_secret, actor.userId), code, now);
    if (step === null) {
      await this.failed(actor, 'TOTP', 'WRONG_CODE');
      throw badRequest(SECURITY_MESSAGES.totpWrong);
    }
    let taken: boolean;
    try {
      taken = await this.d.db.transaction().execute(async (trx) => {
        if (!(await takeTotpStep(trx, row.id, step, now, true))) return false;
        if (name) {
          await trx.updateTable('sign_in_methods').set({ name }).where('id', '=', row.id).execute();
        }
        await this.d.activity.record(
          {
            action: 'SIGN_IN_METHOD_ADDED',
            actorUserId: actor.userId,
            subjectUserId: actor.userId,
            ip: actor.ip,
            details: { kind: 'TOTP', methodId: row.id },
          },
          trx,
        );
        return true;
      });
    } catch (error) {
      // Two confirmations racing: the unique index keeps one app per person.
      if (isUniqueViolation(error)) throw conflict(SECURITY_MESSAGES.totpExists);
      throw error;
    }
    if (!taken) {
      await this.failed(actor, 'TOTP', 'STEP_USED');
      throw badRequest(SECURITY_MESSAGES.totpUsed);
    }
    return this.one(actor.userId, row.id);
  }

  // ---- reserve codes ----------------------------------------------------------------------------

  /** Ten new codes, shown this once; the old set (and its codes) is gone in the same change. */
  async createReserveCodes(actor: Actor): Promise<ReserveCodes> {
    const now = this.d.clock.now();
    const codes = Array.from({ length: RESERVE_CODE_COUNT }, newReserveCode);
    const id = await this.d.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('sign_in_methods')
        .where('user_id', '=', actor.userId)
        .where('kind', '=', 'RESERVE_CODES')
        .returning('id')
        .execute();
      const row = await trx
        .insertInto('sign_in_methods')
        .values({
          user_id: actor.userId,
          kind: 'RESERVE_CODES',
          name: 'Reservkoder',
          created_at: now,
          confirmed_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('reserve_codes')
        .values(
          [...new Set(codes)].map((code) => ({
            method_id: row.id,
            code_hash: this.secrets.hashReserveCode(row.id, code),
            used_at: null,
          })),
        )
        .execute();
      await this.d.activity.record(
        {
          action: 'RESERVE_CODES_CREATED',
          actorUserId: actor.userId,
          subjectUserId: actor.userId,
          ip: actor.ip,
          details: { methodId: row.id, replaced: removed.map((r) => r.id) },
        },
        trx,
      );
      return row.id;
    });
    return { codes, method: await this.one(actor.userId, id) };
  }

  // ---- removal and ADMIN's reset ----------------------------------------------------------------

  /** Removes one of her methods after her password again. */
  async remove(actor: Actor, id: number, password: string): Promise<void> {
    const user = await this.d.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', actor.userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.failed(actor, 'REMOVE', 'PASSWORD');
      throw badRequest(SECURITY_MESSAGES.passwordWrong);
    }
    const removed =
      id > MAX_DB_ID
        ? undefined
        : await this.d.db.transaction().execute(async (trx) => {
            const row = await trx
              .deleteFrom('sign_in_methods')
              .where('id', '=', id)
              .where('user_id', '=', actor.userId)
              .where('confirmed_at', 'is not', null)
              .returning(['id', 'kind', 'name'])
              .executeTakeFirst();
            if (row) {
              await this.d.activity.record(
                {
                  action: 'SIGN_IN_METHOD_REMOVED',
                  actorUserId: actor.userId,
                  subjectUserId: actor.userId,
                  ip: actor.ip,
                  details: { kind: row.kind, methodId: row.id, name: row.name },
                },
                trx,
              );
            }
            return row;
          });
    if (!removed) throw notFound(SECURITY_MESSAGES.methodNotFound);
  }

  /** A person's methods, for ADMIN ('Återställ inloggningsmetoder'). */
  async listFor(userId: number): Promise<SignInMethod[]> {
    await this.requireAccount(userId);
    return this.list(userId);
  }

  /** ADMIN removes every method of a person (lost phone); she sets up again. */
  async reset(adminId: number, ip: string, userId: number): Promise<SignInMethod[]> {
    await this.requireAccount(userId);
    await this.d.db.transaction().execute(async (trx) => {
      const removed = await trx
        .deleteFrom('sign_in_methods')
        .where('user_id', '=', userId)
        .returning(['id', 'kind'])
        .execute();
      await trx.deleteFrom('webauthn_challenges').where('user_id', '=', userId).execute();
      await this.d.activity.record(
        {
          action: 'SIGN_IN_METHODS_RESET',
          actorUserId: adminId,
          subjectUserId: userId,
          ip,
          details: { removed: removed.map((r) => ({ id: r.id, kind: r.kind })) },
        },
        trx,
      );
    });
    return this.list(userId);
  }

  private async requireAccount(userId: number): Promise<void> {
    const found =
      userId <= MAX_DB_ID &&
      (await this.d.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst());
    if (!found) throw notFound(STAFF_MESSAGES.notFound);
  }

  private async one(userId: number, id: number): Promise<SignInMethod> {
    const method = (await this.list(userId)).find((m) => m.id === id);
    if (!method) throw notFound(SECURITY_MESSAGES.methodNotFound);
    return method;
  }

  /** A failed enrolment or removal, in the log. */
  private failed(actor: Pick<Actor, 'userId' | 'ip'>, kind: string, reason: string) {
    return this.d.activity.record({
      action: 'SIGN_IN_METHOD_FAILED',
      actorUserId: actor.userId,
      subjectUserId: actor.userId,
      ip: actor.ip,
      details: { kind, reason },
    });
  }
}
