// Live events of one conversation go out in the order its changes took the conversation lock.
//
// The row lock serialises the changes of a conversation, so their commits (and message ids)
// follow lock order. The code after a commit, however, does not: PostgreSQL wakes the next
// waiter when it releases the lock, before the first backend has answered its COMMIT, and on a
// busy machine the second change can reach its publish first (seen in CI: ids 23 before 22).
// Each change therefore takes a turn while it holds the lock and publishes only after every
// earlier turn of that conversation has published or given up (rolled back). This orders one
// server instance; between instances the lock order still holds in the database, and clients
// place messages by id.

/** One change's place in its conversation's line. */
export interface Turn {
  /** Waits for the earlier turns, then runs `publish`; the turn is over afterwards. */
  publish(publish: () => void): Promise<void>;
  /** Gives the turn up without publishing (the transaction failed); safe to call twice. */
  release(): void;
}

export class PublishOrder {
  readonly #tails = new Map<number, Promise<void>>();

  /** Takes the next turn of a conversation. Call it while holding the conversation's lock. */
  take(conversationId: number): Turn {
    const earlier = this.#tails.get(conversationId) ?? Promise.resolve();
    let finish!: () => void;
    const mine = new Promise<void>((resolve) => {
      finish = resolve;
    });
    this.#tails.set(conversationId, mine);
    let over = false;
    const end = () => {
      if (over) return;
      over = true;
      // The earlier turns are done here, so this one is the last unless a later one exists.
      void earlier.then(() => {
        finish();
        if (this.#tails.get(conversationId) === mine) this.#tails.delete(conversationId);
      });
    };
    return {
      publish: async (publish) => {
        if (over) return;
        await earlier;
        try {
          publish();
        } finally {
          end();
        }
      },
      release: end,
    };
  }

  /** Conversations with a turn in progress (for tests: it must drain to 0). */
  get size(): number {
    return this.#tails.size;
  }
}
