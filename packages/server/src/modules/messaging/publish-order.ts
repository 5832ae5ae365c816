// Live events of one conversation go out in the order its changes took the conversation lock.
//
// Every change of a conversation takes the next number of it (`conversations.change_seq`) while
// it holds the conversation's row lock; a send is one statement that locks, writes and commits
// (service.ts), so the number is the only trace of the lock order its caller gets back. The
// answers, however, do not come back in that order: PostgreSQL hands the lock to the next waiter
// when it commits, before the first backend has answered, and on a busy machine the second change
// can be answered first (seen in CI: ids 23 before 22).
//
// So each change takes a ticket before it asks the database (before it can hold the lock) and,
// once answered, publishes with its number when
//   - every change of the conversation that was still unanswered on this instance when it was
//     answered has been answered or given up (one of them may have taken the lock before it), and
//   - every answered change of a lower number has published.
// A change waits only for those in flight at its answer (a later one cannot have locked before
// it), so a steady stream into one conversation never starves the first. This orders one server
// instance; between instances the lock order still holds in the database, and clients place
// messages by id.

/** One change's place in its conversation's line. */
export interface Ticket {
  /**
   * The change committed as number `seq` of its conversation: runs `publish` (awaited) after the
   * changes it must follow; the ticket is over afterwards.
   */
  publish(seq: number, publish: () => void | Promise<void>): Promise<void>;
  /** Gives the ticket up without publishing (the change failed); safe to call twice. */
  release(): void;
}

interface Entry {
  state: 'asking' | 'answered' | 'over';
  seq: number;
  /** The changes still asking when this one was answered. */
  after: Entry[];
  run: () => void | Promise<void>;
  settle: { resolve: () => void; reject: (error: unknown) => void };
}

interface Line {
  asking: Set<Entry>;
  /** Answered, not yet published, lowest number first. */
  answered: Entry[];
  draining: boolean;
}

export class PublishOrder {
  readonly #lines = new Map<number, Line>();

  /** Takes a ticket of a conversation. Call it before the change asks for the lock. */
  begin(conversationId: number): Ticket {
    let line = this.#lines.get(conversationId);
    if (!line)
      this.#lines.set(
        conversationId,
        (line = { asking: new Set(), answered: [], draining: false }),
      );
    const own = line;
    const entry: Entry = {
      state: 'asking',
      seq: 0,
      after: [],
      run: () => {},
      settle: { resolve: () => {}, reject: () => {} },
    };
    own.asking.add(entry);
    return {
      publish: (seq, publish) => {
        if (entry.state !== 'asking') return Promise.resolve();
        own.asking.delete(entry);
        entry.state = 'answered';
        entry.seq = seq;
        entry.after = [...own.asking];
        entry.run = publish;
        const done = new Promise<void>((resolve, reject) => {
          entry.settle = { resolve, reject };
        });
        const at = own.answered.findIndex((e) => e.seq > seq);
        own.answered.splice(at < 0 ? own.answered.length : at, 0, entry);
        void this.#drain(conversationId, own);
        return done;
      },
      release: () => {
        if (entry.state !== 'asking') return;
        own.asking.delete(entry);
        entry.state = 'over';
        void this.#drain(conversationId, own);
      },
    };
  }

  async #drain(conversationId: number, line: Line): Promise<void> {
    if (line.draining) return;
    line.draining = true;
    try {
      for (;;) {
        const head = line.answered[0];
        if (!head || head.after.some((e) => e.state === 'asking')) break;
        line.answered.shift();
        try {
          await head.run();
          head.settle.resolve();
        } catch (error) {
          head.settle.reject(error);
        } finally {
          head.state = 'over';
        }
      }
    } finally {
      line.draining = false;
      if (line.asking.size === 0 && line.answered.length === 0) {
        if (this.#lines.get(conversationId) === line) this.#lines.delete(conversationId);
      }
    }
  }

  /** Conversations with a ticket in progress (for tests: it must drain to 0). */
  get size(): number {
    return this.#lines.size;
  }
}
