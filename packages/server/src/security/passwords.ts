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
