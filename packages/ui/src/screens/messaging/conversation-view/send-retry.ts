// When and how often a send is tried again (issue 6 req. 3). Every send carries its
// clientMessageId, so another try is always safe: the server answers the first message.
import { isApiError } from '@halsa/api';

/** Waits before the automatic tries after a failure (ms); then the message shows as failed. */
export const DEFAULT_RETRY_DELAYS: readonly number[] = [1000, 2000, 4000, 8000, 16000];

/**
 * Whether trying again may help: no HTTP answer at all (status 0: offline, server down), 429 or
 * a server error (≥ 500). Any other 4xx would only fail again; unknown errors are not retried.
 */
export function isRetryableSendError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * The wait before the next automatic try after `failures` failed tries in a row (1 after the
 * first), or `null` when there is none: the error is not retryable or the delays are used up.
 */
export function nextRetryDelay(
  error: unknown,
  failures: number,
  delays: readonly number[] = DEFAULT_RETRY_DELAYS,
): number | null {
  if (!isRetryableSendError(error)) return null;
  return delays[failures - 1] ?? null;
}

/** 'sending': on its way or waiting for the next try; 'failed': waits for 'Försök igen'. */
export type SendState = 'sending' | 'failed' | 'done';

export interface SendRetryQueueOptions {
  /** One delivery of an item: resolves once the server confirmed it, rejects with the error. */
  deliver: (key: string) => Promise<void>;
  /** An item changed state; `error` is the failure that made it 'failed'. */
  onChange: (key: string, state: SendState, error?: unknown) => void;
  delays?: readonly number[];
}

interface Entry {
  running: boolean;
  /** Failed tries since the last fresh start. */
  failures: number;
  /** Waits for an automatic try (a timer, or `start()` after a stop). */
  waiting: boolean;
  failed: boolean;
  /** The last failure may go away by itself (network, 429, 5xx). */
  retryable: boolean;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The sends of one conversation view and their automatic tries: after a retryable failure an
 * item waits `delays[n]` and is tried again; when the delays are used up, or at once for any
 * other error, it is 'failed' until `run(key, true)` ('Försök igen'). `online()` (the browser's
 * `online` event) tries every waiting item now, and every failed one whose last error was
 * retryable. An item is never delivered twice at the same time.
 *
 * `stop()` (unmount) clears the timers; answers still on their way are reported, but no new try
 * is scheduled until `start()`, which tries every waiting item at once (React's strict mode
 * stops and starts effects once on mount).
 */
export class SendRetryQueue {
  private readonly entries = new Map<string, Entry>();
  private options: SendRetryQueueOptions;
  private stopped = false;

  constructor(options?: SendRetryQueueOptions) {
    this.options = options ?? {
      deliver: () => Promise.reject(new Error('SendRetryQueue: not configured')),
      onChange: () => {},
    };
  }

  /** Replaces the delivery, the listener and the delays (a component's newest callbacks). */
  configure(options: SendRetryQueueOptions): void {
    this.options = options;
  }

  private get delays(): readonly number[] {
    return this.options.delays ?? DEFAULT_RETRY_DELAYS;
  }

  /** Whether the queue knows this item (sending, waiting or failed). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Delivers an item now, unless it is on its way; `fresh` starts the backoff over. */
  run(key: string, fresh = false): void {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {
        running: false,
        failures: 0,
        waiting: false,
        failed: false,
        retryable: false,
        timer: undefined,
      };
      this.entries.set(key, entry);
    }
    if (entry.running) return;
    if (fresh) entry.failures = 0;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.waiting = false;
    entry.failed = false;
    entry.running = true;
    this.options.onChange(key, 'sending');
    const current = entry;
    let attempt: Promise<void>;
    try {
      attempt = this.options.deliver(key);
    } catch (error) {
      attempt = Promise.reject(error);
    }
    attempt.then(
      () => {
        if (this.entries.get(key) !== current) return;
        this.entries.delete(key);
        this.options.onChange(key, 'done');
      },
      (error: unknown) => {
        if (this.entries.get(key) !== current) return;
        current.running = false;
        current.failures += 1;
        current.retryable = isRetryableSendError(error);
        const delay = nextRetryDelay(error, current.failures, this.delays);
        if (delay === null) {
          current.failed = true;
          this.options.onChange(key, 'failed', error);
          return;
        }
        current.waiting = true;
        if (!this.stopped) this.schedule(key, current, delay);
      },
    );
  }

  private schedule(key: string, entry: Entry, delay: number): void {
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (this.entries.get(key) === entry && entry.waiting && !this.stopped) this.run(key);
    }, delay);
  }

  /** The network is back: waiting items and retryable failures are tried now, afresh. */
  online(): void {
    if (this.stopped) return;
    for (const [key, entry] of [...this.entries]) {
      if (entry.running) continue;
      if (entry.waiting || (entry.failed && entry.retryable)) this.run(key, true);
    }
  }

  /** Drops an item (confirmed elsewhere or discarded); an answer still on its way is ignored. */
  forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.entries.delete(key);
  }

  /** Clears every timer; no new try starts until `start()`. */
  stop(): void {
    this.stopped = true;
    for (const entry of this.entries.values()) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
  }

  /** Starts again after `stop()`: every item that was waiting is tried now. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    for (const [key, entry] of [...this.entries]) {
      if (entry.waiting && !entry.running) this.run(key);
    }
  }
}
