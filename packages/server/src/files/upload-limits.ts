// Per-user limits on what a user may make the server store (issue 16 §7): message attachments
// and profile pictures. Checked before the body is read, and once more with the file's size:
//   - tries: at most UPLOAD_LIMITS.triesPerWindow uploads per user per 10 minutes (from the
//     first), every try counted, accepted or not, in the app's limit store with the rate limits
//     (security/limit-store.ts): in Redis with REDIS_URL, so N instances still allow 30, not
//     N × 30; in this process otherwise. If Redis cannot be reached the try is let through, as
//     the rate limits do; the two limits below hold regardless;
//   - stored files: at most UPLOAD_LIMITS.filesPerDay files per user per 24 h, counted in the
//     `files` table (so every instance sees them);
//   - quota: the user's stored attachments and pictures together at most UPLOAD_LIMITS.quotaBytes.
// A refusal is a Swedish 429 (with Retry-After) or 413, and nothing is stored.
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import { DAY, MINUTE } from '../clock.ts';
import type { Db } from '../db/index.ts';
import { HttpError, tooManyRequests } from '../http/errors.ts';
import type { SharedLimitStore } from '../security/limit-store.ts';

const MB = 1024 * 1024;

export const UPLOAD_LIMITS = {
  triesPerWindow: 30,
  windowMs: 10 * MINUTE,
  filesPerDay: 100,
  quotaBytes: 500 * MB,
} as const;

export const UPLOAD_LIMIT_MESSAGES = {
  tooMany: 'Du har laddat upp för många filer. Vänta en stund och försök igen.',
  quotaFull: 'Ditt lagringsutrymme för bilagor och bilder är fullt (högst 500 MB).',
} as const;

const LIMITED_KINDS = ['MESSAGE_ATTACHMENT', 'PROFILE_IMAGE'] as const;

export class UploadLimits {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly store: Pick<SharedLimitStore, 'count'>,
    private readonly limits: typeof UPLOAD_LIMITS = UPLOAD_LIMITS,
  ) {}

  /** Before reading the body: counts the try, refuses over the rate or a full quota. */
  async admit(userId: number): Promise<void> {
    const { triesPerWindow, windowMs } = this.limits;
    const tries = await this.store.count(`upload:${userId}`, windowMs, triesPerWindow);
    if (tries && tries.current > triesPerWindow) {
      throw tooManyRequests(
        UPLOAD_LIMIT_MESSAGES.tooMany,
        Math.max(1, Math.ceil(tries.ttl / 1000)),
      );
    }
    const used = await this.#usage(userId);
    if (used.filesToday >= this.limits.filesPerDay) {
      throw tooManyRequests(UPLOAD_LIMIT_MESSAGES.tooMany, 3600);
    }
    if (used.bytes >= this.limits.quotaBytes) {
      throw new HttpError(413, UPLOAD_LIMIT_MESSAGES.quotaFull);
    }
  }

  /** With the file read: refuses when it would take the user over the quota. */
  async fits(userId: number, size: number): Promise<void> {
    const used = await this.#usage(userId);
    if (used.bytes + size > this.limits.quotaBytes) {
      throw new HttpError(413, UPLOAD_LIMIT_MESSAGES.quotaFull);
    }
  }

  async #usage(userId: number): Promise<{ bytes: number; filesToday: number }> {
    const since = new Date(this.clock.now().getTime() - DAY);
    const row = await this.db
      .selectFrom('files')
      .select([
        sql<string>`coalesce(sum(size_bytes), 0)::text`.as('bytes'),
        sql<string>`(count(*) filter (where created_at > ${since}))::text`.as('today'),
      ])
      .where('uploaded_by', '=', userId)
      .where('kind', 'in', LIMITED_KINDS)
      .executeTakeFirstOrThrow();
    return { bytes: Number(row.bytes), filesToday: Number(row.today) };
  }
}

/** The app's upload limits: messaging and profile share a user's tries (in the limit store). */
export function uploadLimitsFor(ctx: {
  db: Db;
  clock: Clock;
  limitStore: SharedLimitStore;
}): UploadLimits {
  return new UploadLimits(ctx.db, ctx.clock, ctx.limitStore);
}
