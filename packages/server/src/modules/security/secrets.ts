// The keys of strong sign-in (design §4.17), all derived from SESSION_SECRET with HKDF, as the
// note signatures and unsubscribe tokens are: a copy of the database alone holds no usable
// authenticator-app key and cannot be used to test reserve codes.
//   - the app's key (TOTP) is stored AES-256-GCM encrypted, bound to its owner (additional data);
//   - a reserve code is stored as an HMAC over its set and the code;
//   - a passkey's user handle is an HMAC of the user id (the authenticator never sees the id).
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';

const derive = (secret: string | Buffer, info: string): Buffer =>
  Buffer.from(hkdfSync('sha256', secret, 'halsa-sign-in', info, 32));

/** Letters and digits that cannot be mistaken for each other when read from paper. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `k7pm-2xqd`: 8 characters of 31 (about 40 bits), in two groups. */
export function newReserveCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** Case, spaces and dashes do not matter. */
export const normalizeReserveCode = (code: string): string =>
  code.toLowerCase().replace(/[^a-z0-9]/g, '');

export class SignInSecrets {
  readonly #totpKey: Buffer;
  readonly #codeKey: Buffer;
  readonly #handleKey: Buffer;

  /** Without SESSION_SECRET (benchmarks, never production) keys for this process only. */
  constructor(secret: string | undefined) {
    const base = secret ?? randomBytes(32);
    this.#totpKey = derive(base, 'totp key v1');
    this.#codeKey = derive(base, 'reserve code v1');
    this.#handleKey = derive(base, 'passkey user handle v1');
  }

  /** `v1.<iv>.<tag>.<ciphertext>` (base64url) of the app's base32 key. */
  encryptTotp(secretBase32: string, userId: number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#totpKey, iv);
    cipher.setAAD(Buffer.from(`totp:${userId}`));
    const data = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
    return ['v1', ...[iv, cipher.getAuthTag(), data].map((p) => p.toString('base64url'))].join('.');
  }

  decryptTotp(stored: string, userId: number): string {
    const [version, iv, tag, data] = stored.split('.');
    if (version !== 'v1' || !iv || !tag || !data) throw new Error('Okänt format på appnyckeln');
    const decipher = createDecipheriv('aes-256-gcm', this.#totpKey, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`totp:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }

  hashReserveCode(methodId: number, code: string): string {
    return createHmac('sha256', this.#codeKey)
      .update(`${methodId}:${normalizeReserveCode(code)}`)
      .digest('hex');
  }

  /** The WebAuthn user handle of a person: stable, and not her id. */
  userHandle(userId: number): Uint8Array {
    return new Uint8Array(
      createHmac('sha256', this.#handleKey).update(String(userId)).digest().subarray(0, 16),
    );
  }
}
