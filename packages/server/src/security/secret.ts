// The server secret (SESSION_SECRET) outside production: generated once per DATA_DIR and
// kept in `<DATA_DIR>/session-secret` (mode 0600), so codes issued before a restart still fit.
// Production must set SESSION_SECRET (config.ts refuses to start without it).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function dataDirSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // 'wx': two processes starting at once do not overwrite each other's secret.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}

/** The secret as the server uses it, without creating one (read-only tools: audit:verify). */
export async function existingSecret(config: {
  sessionSecret: string | undefined;
  dataDir: string;
}): Promise<string | null> {
  if (config.sessionSecret) return config.sessionSecret;
  try {
    const existing = (await readFile(path.join(config.dataDir, 'session-secret'), 'utf8')).trim();
    return existing.length >= 32 ? existing : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return null;
  }
}
