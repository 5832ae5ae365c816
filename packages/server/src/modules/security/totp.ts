// The authenticator app (TOTP, RFC 6238) with otpauth: 6 digits, 30 s, SHA-1 (what every app
// reads from a QR code), one step either side. A code names its time step; a method stores the
// last step it accepted and takes a new one only when it is higher (one conditional UPDATE), so a
// used code, or an older one, is refused even when two sign-ins race on two instances.
import { Secret, TOTP } from 'otpauth';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const TOTP_PERIOD_S = 30;
const ISSUER = 'Hälsoportalen';

const totpOf = (secretBase32: string, label = ''): TOTP =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new key (160 bits) and its otpauth:// URI for the QR code. */
export function newTotpKey(label: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, label).toString() };
}

/** The time step of a code that fits now (± one step), or null. */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpOf(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The code of a step (tests and the demo compute codes the way an app does). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

/**
 * Takes the step for this method if no step as late was used before; also marks it used now
 * (and confirmed, for a setup). False when the step was used already.
 */
export async function takeTotpStep(
  db: Kysely<Database>,
  methodId: number,
  step: number,
  now: Date,
  confirm = false,
): Promise<boolean> {
  const result = await db
    .updateTable('sign_in_methods')
    .set({
      totp_last_step: step,
      last_used_at: confirm ? null : now,
      ...(confirm ? { confirmed_at: now } : {}),
    })
    .where('id', '=', methodId)
    .where('kind', '=', 'TOTP')
    .where(sql<boolean>`(totp_last_step is null or totp_last_step < ${step})`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
