// How often a user may export (issue 22): every CSV export (the whole activity log, one client's
// log, the clinic report) reads the database at length, and 35 of each in a row were all served.
//   - rate: at most EXPORT_LIMITS.perWindow exports per user per minute (from the first), the
//     kinds together: they load the same database, and no screen needs more than a few a minute.
//     Counted in the app's limit store (limit-store.ts): in Redis with REDIS_URL, so N instances
//     still allow 5, not N × 5; in this process otherwise. If Redis cannot be reached the export
//     is let through, as the rate limits do; the rule below holds regardless;
//   - one at a time: a user's second export while the first is still being sent is refused. Held
//     per instance (in this process, released when the answer is finished or the client is gone):
//     a slot in Redis would stay taken when an instance dies mid-export.
// A refusal is a Swedish 429 with Retry-After; the in-flight check comes first, so a refusal for
// an export in flight does not use up one of the minute's exports.
import type { FastifyReply } from 'fastify';
import { MINUTE } from '../clock.ts';
import { tooManyRequests } from '../http/errors.ts';
import type { SharedLimitStore } from './limit-store.ts';

export const EXPORT_LIMITS = {
  perWindow: 5,
  windowMs: MINUTE,
  /** Retry-After of a refusal for an export in flight: a guess, the export's end is unknown. */
  inFlightRetrySeconds: 10,
} as const;

export const EXPORT_LIMIT_MESSAGES = {
  tooMany: 'För många exporter. Vänta en stund och försök igen.',
  inFlight: 'En export pågår redan. Vänta tills den är klar och försök igen.',
} as const;

export interface ExportLimitOptions {
  /** false turns the limits off (the app's `rateLimit.enabled`: tests not about limits). */
  enabled?: boolean;
  /** Multiplies `perWindow`, as the rate limits' factor does. */
  factor?: number;
}

export class ExportLimits {
  /** The users with an export in flight, each with the token of that export. */
  readonly #inFlight = new Map<number, symbol>();
  readonly #enabled: boolean;
  readonly #perWindow: number;

  constructor(
    private readonly store: Pick<SharedLimitStore, 'count'>,
    options: ExportLimitOptions = {},
    private readonly limits: typeof EXPORT_LIMITS = EXPORT_LIMITS,
  ) {
    this.#enabled = options.enabled !== false;
    this.#perWindow = Math.max(1, Math.round(limits.perWindow * (options.factor ?? 1)));
  }

  /**
   * Before an export's first read: refuses (429) while the user has one in flight or over the
   * minute's count; otherwise holds the user's slot until `reply` is finished or closed.
   */
  async admit(userId: number, reply: FastifyReply): Promise<void> {
    if (!this.#enabled) return;
    if (this.#inFlight.has(userId)) {
      throw tooManyRequests(EXPORT_LIMIT_MESSAGES.inFlight, this.limits.inFlightRetrySeconds);
    }
    // Taken before the count is awaited, so two exports arriving together cannot both pass.
    const token = Symbol('export');
    this.#inFlight.set(userId, token);
    let tries: Awaited<ReturnType<SharedLimitStore['count']>>;
    try {
      tries = await this.store.count(`export:${userId}`, this.limits.windowMs, this.#perWindow);
    } catch (err) {
      this.#inFlight.delete(userId);
      throw err;
    }
    if (tries && tries.current > this.#perWindow) {
      this.#inFlight.delete(userId);
      throw tooManyRequests(
        EXPORT_LIMIT_MESSAGES.tooMany,
        Math.max(1, Math.ceil(tries.ttl / 1000)),
      );
    }
    // 'finish' once the last byte is handed on, 'close' when the client left first (or after
    // 'finish'; by then a later export may hold the slot, which only its own token releases).
    const release = () => {
      if (this.#inFlight.get(userId) === token) this.#inFlight.delete(userId);
    };
    reply.raw.once('finish', release);
    reply.raw.once('close', release);
  }
}
