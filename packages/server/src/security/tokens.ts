// Random secrets and their stored form. Only sha256 hashes of tokens and session ids are
// kept in the database, so a leaked table does not log anyone in.
import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const newId = (): string => randomUUID();
export const sha256 = (value: string | Buffer): string =>
  createHash('sha256').update(value).digest('hex');

/** Six random digits, leading zeros kept. */
export const newOtpCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * A code is stored as HMAC-SHA256 under the server secret (SESSION_SECRET), over its challenge
 * id and the digits: it only ever fits that login attempt, and a copy of the table alone cannot
 * be brute-forced (a bare hash of six digits falls to a million tries).
 */
export const hashOtp = (secret: string | Buffer, challengeId: string, code: string): string =>
  createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex');

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
