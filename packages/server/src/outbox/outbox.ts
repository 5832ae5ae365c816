// Transactional outbox. A change that must send a mail or push a notification writes an outbox
// row in its own database transaction (`enqueue(trx, …)`); after commit one worker delivers it.
// So a rolled-back change sends nothing, and a crash or an SMTP outage loses nothing: the row
// stays until it is delivered.
//
// - Claiming takes a lease (`locked_until`) with `FOR UPDATE SKIP LOCKED`, in a statement of its
//   own: no transaction is held open while SMTP is talked to (PGlite has one connection, so that
//   would stall every request), and two instances never claim the same row while its lease runs.
// - A failed delivery is retried with exponential backoff (1 s, 2 s, 4 s … capped at 5 min).
// - Each row is delivered once. The one gap no outbox can close — a crash after SMTP accepted a
//   mail and before the row is marked — resends it after the lease with the same Message-ID
//   (`<{message_key}.{id}@{host of PUBLIC_URL}>`, the key random per row and kept on it), which
//   mail systems recognise as the same message.
// - After its own commit a caller calls `kick()`; a poll every second is the safety net.
//
// Messaging's live events do not go through here: they are published after commit in lock order
// (modules/messaging/publish-order.ts), and a client that missed one catches up by message id
// after a reconnect. 2FA codes are mailed at once (auth): a code is worth something only while
// the person waits at the login screen, so an SMTP outage is told her (503) rather than queued.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';

export type OutboxKind = 'MAIL' | 'NOTIFICATION';

export interface OutboxRow {
  id: string;
  kind: OutboxKind;
  payload: unknown;
  attempts: number;
  /** The row's random key (migration 0013): the same on every try. */
  messageKey: string;
}

/** Delivers one row's payload; throws to retry later. */
export type Deliver = (payload: never, row: OutboxRow) => Promise<void>;

export interface OutboxOptions {
  /** How long a claim is held before another worker may take the row. */
  leaseMs?: number;
  pollMs?: number;
  batch?: number;
  onError?: (error: unknown, row: OutboxRow) => void;
  /** Runs each drain as tracked background work (BackgroundTasks.run), so tests can await it. */
  track?: (task: () => Promise<unknown>) => void;
}

const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 5 * 60 * 1000;

/** Wait before try `attempts + 1`, after `attempts` failed tries. */
export const backoffMs = (attempts: number): number =>
  Math.min(BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

export class Outbox {
  readonly #deliverers = new Map<OutboxKind, Deliver>();
  readonly #leaseMs: number;
  readonly #pollMs: number;
  readonly #batch: number;
  #timer: ReturnType<typeof setInterval> | null = null;
  #running: Promise<number> | null = null;
  #again = false;
  #stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly options: OutboxOptions = {},
  ) {
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#pollMs = options.pollMs ?? 1000;
    this.#batch = options.batch ?? 20;
  }

  /** Registers who delivers a kind (the mailer for MAIL, the live broker for NOTIFICATION). */
  handle<P>(kind: OutboxKind, deliver: (payload: P, row: OutboxRow) => Promise<void>): void {
    this.#deliverers.set(kind, deliver as Deliver);
  }

  /**
   * Writes a row in `exec`'s transaction. Outside a transaction the row is committed at once and
   * the worker is kicked; inside one, call `kick()` after the commit.
   */
  async enqueue(
    exec: Kysely<Database> | Transaction<Database>,
    kind: OutboxKind,
    payload: unknown,
  ): Promise<string> {
    const now = this.clock.now();
    const row = await exec
      .insertInto('outbox')
      .values({ kind, payload: JSON.stringify(payload), created_at: now, available_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!exec.isTransaction) this.kick();
    return String(row.id);
  }

  /** Starts delivering now (after a commit); resolves when the pending rows were tried. */
  kick(): Promise<number> {
    if (this.#stopped) return Promise.resolve(0);
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    const run = (async () => {
      let delivered = 0;
      do {
        this.#again = false;
        delivered += await this.drain();
      } while (this.#again && !this.#stopped);
      return delivered;
    })().finally(() => {
      this.#running = null;
    });
    this.#running = run;
    this.options.track?.(() => run);
    return run;
  }

  /** Claims and delivers every row that is due; returns how many were delivered. */
  async drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const rows = await this.claim();
      if (rows.length === 0) return delivered;
      for (const row of rows) if (await this.deliver(row)) delivered += 1;
      if (rows.length < this.#batch) return delivered;
    }
  }

  /** Polls for due rows (retries, rows other instances wrote) until `stop()`. */
  start(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setInterval(() => void this.kick().catch(() => {}), this.#pollMs);
    this.#timer.unref?.();
    void this.kick().catch(() => {});
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running?.catch(() => {});
  }

  /** Rows not yet delivered (tests, readiness). */
  async pending(): Promise<number> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('sent_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private async claim(): Promise<OutboxRow[]> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + this.#leaseMs);
    const { rows } = await sql<Omit<OutboxRow, 'messageKey'> & { message_key: string }>`
      update outbox set locked_until = ${until}, attempts = attempts + 1
      where id in (
        select id from outbox
        where sent_at is null and available_at <= ${now}
          and (locked_until is null or locked_until < ${now})
        order by id
        limit ${this.#batch}
        for update skip locked
      )
      returning id, kind, payload, attempts, message_key`.execute(this.db);
    return rows
      .map(({ message_key, ...r }) => ({
        ...r,
        messageKey: message_key,
        id: String(r.id),
        payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
      }))
      .sort((a, b) => Number(a.id) - Number(b.id));
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    const deliver = this.#deliverers.get(row.kind);
    try {
      if (!deliver) throw new Error(`Ingen leverantör för utkorgstypen ${row.kind}.`);
      await deliver(row.payload as never, row);
    } catch (error) {
      const now = this.clock.now();
      await this.db
        .updateTable('outbox')
        .set({
          locked_until: null,
          available_at: new Date(now.getTime() + backoffMs(row.attempts)),
          last_error: String((error as Error)?.message ?? error).slice(0, 1000),
        })
        .where('id', '=', row.id)
        .execute();
      this.options.onError?.(error, row);
      return false;
    }
    await this.db
      .updateTable('outbox')
      .set({ sent_at: this.clock.now(), locked_until: null, last_error: null })
      .where('id', '=', row.id)
      .execute();
    return true;
  }
}

/**
 * The Message-ID a mail from an outbox row carries, on every try: unique across deployments by
 * the row's random key, under the host of PUBLIC_URL (design §4.16).
 */
export const outboxMessageId = (row: Pick<OutboxRow, 'id' | 'messageKey'>, publicUrl: string) =>
  `<${row.messageKey}.${row.id}@${new URL(publicUrl).hostname}>`;
