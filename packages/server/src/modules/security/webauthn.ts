// Passkeys (WebAuthn) with @simplewebauthn/server (design §4.17). The relying party is the host of
// PUBLIC_URL and the only origin accepted is PUBLIC_URL's. Every challenge is stored (the
// database, so any instance may take the answer), single use and bound to what it was issued for:
// her session (adding a key), a pending login (the second step) or a 'Logga in med nyckel'
// attempt. A challenge is taken (consumed) before the answer is checked, so a replayed answer
// finds nothing, and a challenge issued elsewhere is never found under this binding.
import { randomBytes } from 'node:crypto';
import type {
  PasskeyAuthenticationResponse,
  PasskeyRegistrationResponse,
} from '@halsa/api/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { sql, type Kysely } from 'kysely';
import { MINUTE } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { newId } from '../../security/tokens.ts';

export const CHALLENGE_TTL_MS = 5 * MINUTE;
const RP_NAME = 'Hälsoportalen';

export interface RelyingParty {
  rpID: string;
  origin: string;
}

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
};

export type ChallengeBinding =
  | { purpose: 'REGISTER'; userId: number; sessionIdHash: string }
  | { purpose: 'LOGIN_STEP'; twoFactorId: string; userId: number }
  | { purpose: 'PASSKEY_LOGIN'; id?: string };

/** The challenge a browser signed, read from its clientDataJSON (null when unreadable). */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200
      ? challenge
      : null;
  } catch {
    return null;
  }
}

export class WebAuthnChallenges {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
  ) {}

  /** A fresh challenge for this binding; old expired rows are cleared on the way. */
  async issue(binding: ChallengeBinding): Promise<{ id: string; challenge: string }> {
    const now = this.now();
    const id = newId();
    const challenge = randomBytes(32).toString('base64url');
    await this.db
      .deleteFrom('webauthn_challenges')
      .where('expires_at', '<', new Date(now.getTime() - CHALLENGE_TTL_MS))
      .execute();
    await this.db
      .insertInto('webauthn_challenges')
      .values({
        id,
        purpose: binding.purpose,
        challenge,
        user_id: binding.purpose === 'PASSKEY_LOGIN' ? null : binding.userId,
        session_id_hash: binding.purpose === 'REGISTER' ? binding.sessionIdHash : null,
        two_factor_id: binding.purpose === 'LOGIN_STEP' ? binding.twoFactorId : null,
        created_at: now,
        expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
        consumed_at: null,
      })
      .execute();
    return { id, challenge };
  }

  /**
   * Takes the challenge the answer names, if it was issued for this binding, is not expired and
   * was not taken before: one UPDATE, so of two answers racing only one gets it.
   */
  async take(binding: ChallengeBinding, challenge: string | null): Promise<boolean> {
    if (!challenge) return false;
    const now = this.now();
    let q = this.db
      .updateTable('webauthn_challenges')
      .set({ consumed_at: now })
      .where('challenge', '=', challenge)
      .where('purpose', '=', binding.purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now);
    if (binding.purpose === 'REGISTER') {
      q = q
        .where('user_id', '=', binding.userId)
        .where('session_id_hash', '=', binding.sessionIdHash);
    } else if (binding.purpose === 'LOGIN_STEP') {
      q = q.where('two_factor_id', '=', binding.twoFactorId).where('user_id', '=', binding.userId);
    } else {
      q = q.where('id', '=', binding.id ?? '');
    }
    const result = await q.executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}

/**
 * The stored challenge is the base64url the browser signs; the library takes its bytes (a string
 * it would encode once more).
 */
const challengeBytes = (challenge: string) =>
  new Uint8Array(Buffer.from(challenge, 'base64url')) as Uint8Array<ArrayBuffer>;

/** The options of `navigator.credentials.create()`: user verification and a discoverable key. */
export function registrationOptions(
  rp: RelyingParty,
  user: { handle: Uint8Array; email: string; displayName: string },
  challenge: string,
  existing: readonly { credentialId: string; transports: string[] }[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.displayName,
    userID: user.handle as Uint8Array<ArrayBuffer>,
    challenge: challengeBytes(challenge),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

/** The options of `navigator.credentials.get()`; no `allowCredentials` for a discoverable key. */
export function authenticationOptions(
  rp: RelyingParty,
  challenge: string,
  allow: readonly { credentialId: string; transports: string[] }[] | undefined,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    challenge: challengeBytes(challenge),
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'required',
    ...(allow
      ? { allowCredentials: allow.map((c) => ({ id: c.credentialId, transports: c.transports })) }
      : {}),
  });
}

export interface NewPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

/** Checks a new key's answer (origin, RP ID, challenge, user verification); null when refused. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: PasskeyRegistrationResponse,
  challenge: string,
): Promise<NewPasskey | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
    if (!result.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch {
    return null;
  }
}

export interface StoredPasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
}

export type AssertionResult =
  { ok: true; newCounter: number } | { ok: false; reason: 'REFUSED' | 'COUNTER_WENT_BACK' };

/**
 * Checks a key's answer to a challenge: origin, RP ID, challenge, user verification and the
 * signature (by the library), then the sign counter here, after the signature is known good: a
 * counter that does not rise (when either is not zero) means a copy of the key was used.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  response: PasskeyAuthenticationResponse,
  challenge: string,
  key: StoredPasskey,
): Promise<AssertionResult> {
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      // The counter is compared below, once the signature is known good.
      credential: {
        id: key.credentialId,
        publicKey: key.publicKey as Uint8Array<ArrayBuffer>,
        counter: 0,
        transports: [],
      },
      requireUserVerification: true,
    });
    if (!result.verified) return { ok: false, reason: 'REFUSED' };
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return { ok: false, reason: 'REFUSED' };
  }
  if ((newCounter > 0 || key.counter > 0) && newCounter <= key.counter) {
    return { ok: false, reason: 'COUNTER_WENT_BACK' };
  }
  return { ok: true, newCounter };
}

/**
 * Stores the key's new counter only if it still rises (and its last use): of two sign-ins
 * racing with the same counter, one is refused as a copy. False when it did not rise.
 */
export async function advanceCounter(
  db: Kysely<Database>,
  methodId: number,
  newCounter: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_methods')
    .set({ sign_count: newCounter, last_used_at: now })
    .where('id', '=', methodId)
    .where(
      sql<boolean>`(sign_count < ${newCounter} or (sign_count = 0 and ${newCounter}::bigint = 0))`,
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
