// Argon2id password hashing (design.md §5). The dummy hash lets an unknown e-mail cost the
// same verify as a known one, so timing does not reveal which accounts exist.
import { hash, verify } from '@node-rs/argon2';

// OWASP-recommended Argon2id parameters (19 MiB, t=2, p=1). algorithm 2 = Argon2id.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return hash(password, OPTIONS as any);
}

let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing-parity');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** Warms the dummy hash so the first unknown-user login is not faster than later ones. */
export async function warmPasswordHasher(): Promise<void> {
  dummyHash ??= hashPassword('dummy-password-for-timing-parity');
  await dummyHash;
}

// ---- common and breached passwords (ASVS 6.2.4) ------------------------------------------------
// zxcvbn-ts's bundled list: ~49 000 passwords from breaches, most common first, lower case. A new
// password is refused when, in lower case, it is on the list, or is a listed word with only
// digits and symbols after it ("Sommar2024!", "Password1!"): the §5 rule (8 characters, one
// capital) is met by exactly such passwords, and guessing tools try these forms first.
let common: Set<string> | undefined;

async function commonPasswords(): Promise<Set<string>> {
  if (!common) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    common = new Set(dictionary['passwords-common']);
  }
  return common;
}

/** The shortest listed word that still counts when followed by digits and symbols. */
const MIN_BASE_LENGTH = 4;

export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  const lower = password.normalize('NFC').toLowerCase();
  if (list.has(lower)) return true;
  const base = lower.replace(/[\d\p{P}\p{S}\s]+$/u, '');
  return base.length >= MIN_BASE_LENGTH && base !== lower && list.has(base);
}
