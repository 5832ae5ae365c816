// Random secrets and their stored form. Only sha256 hashes of tokens and session ids are
// kept in the database, so a leaked table does not log anyone in.
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const newId = (): string => randomUUID();
export const sha256 = (value: string | Buffer): string =>
  createHash('sha256').update(value).digest('hex');

/** Six random digits, leading zeros kept. */
export const newOtpCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** The code is hashed together with its challenge id: it only ever fits that login attempt. */
export const hashOtp = (challengeId: string, code: string): string =>
  sha256(`${challengeId}:${code}`);

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
