// Live events of one conversation go out in the order its changes took the conversation lock.
//
// Every change of a conversation takes the next number of it (`conversations.change_seq`) while
// it holds the conversation's row lock; a send is one statement that locks, writes and commits
// (service.ts), so the number is the only trace of the lock order its caller gets back. The
// answers, however, do not come back in that order: PostgreSQL hands the lock to the next waiter
// when it commits, before the first backend has answered, and on a busy machine the second change
// can be answered first (seen in CI: ids 23 before 22).
//
// So each change takes a ticket before it asks the database, or at the latest while it holds the
// lock (a change in a transaction), and, once answered, publishes with its number when
//   - every change of the conversation that was still unanswered on this instance when it was
//     answered has been answered or given up (one of them may have taken the lock before it), and
//   - every answered change of a lower number has published.
// A change waits only for those in flight at its answer (a later one cannot have locked before
// it), so a steady stream into one conversation never starves the first. What a change does after
// its publish (the summaries' read) runs in a second line of the conversation, in the same order,
// that the next publish does not wait for. This orders one server
// instance; between instances the lock order still holds in the database, and clients place
// messages by id.

/** One change's place in its conversation's line. */
export interface Ticket {
  /**
   * The change committed as number `seq` of its conversation: runs `publish` (awaited) after the
   * changes it must follow, then `after` once the earlier changes' `after` are done. The next
   * change's `publish` waits for this `publish` only, not for its `after` (the summaries read after
   * a message is out must not hold the conversation's next message back). Resolves when both ran.
   */
  publish(
    seq: number,
    publish: () => void | Promise<void>,
    after?: () => void | Promise<void>,
  ): Promise<void>;
  /** Gives the ticket up without publishing (the change failed); safe to call twice. */
  release(): void;
}

interface Entry {
  state: 'asking' | 'answered' | 'over';
  seq: number;
  /** The changes still asking when this one was answered. */
  behind: Entry[];
  run: () => void | Promise<void>;
  after: (() => void | Promise<void>) | undefined;
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
  /** Per conversation, the last `after` in line (never rejects). */
  readonly #afters = new Map<number, Promise<void>>();

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
      behind: [],
      run: () => {},
      after: undefined,
      settle: { resolve: () => {}, reject: () => {} },
    };
    own.asking.add(entry);
    return {
      publish: (seq, publish, after) => {
        if (entry.state !== 'asking') return Promise.resolve();
        own.asking.delete(entry);
        entry.state = 'answered';
        entry.seq = seq;
        entry.behind = [...own.asking];
        entry.run = publish;
        entry.after = after;
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
        if (!head || head.behind.some((e) => e.state === 'asking')) break;
        line.answered.shift();
        try {
          await head.run();
          this.#then(conversationId, head);
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

  /** Runs a published change's `after` behind the conversation's earlier ones; settles it. */
  #then(conversationId: number, entry: Entry): void {
    const { after, settle } = entry;
    if (!after) return settle.resolve();
    const mine = (this.#afters.get(conversationId) ?? Promise.resolve()).then(after);
    const tail = mine.catch(() => {});
    this.#afters.set(conversationId, tail);
    void tail.then(() => {
      if (this.#afters.get(conversationId) === tail) this.#afters.delete(conversationId);
    });
    mine.then(settle.resolve, settle.reject);
  }

  /** Conversations with a ticket in progress (for tests: it must drain to 0). */
  get size(): number {
    return new Set([...this.#lines.keys(), ...this.#afters.keys()]).size;
  }
}
