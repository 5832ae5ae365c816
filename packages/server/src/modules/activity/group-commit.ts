// Group commit of the activity log (issue 38 item 4, the first wall).
//
// The chain trigger (migrations 0007/0015) takes pg_advisory_xact_lock(4711016) and holds it until
// the writing transaction commits, fsync included: with one INSERT and one commit per logged
// request, every logged request of every instance waited in one queue, one disk flush each, so
// logged reads could never pass 1 / commit latency. Here an instance's log rows written outside a
// transaction (every staff read, sign-ins, deliveries) wait in a queue while one batch is being
// written, and the next batch takes all that waited: ONE INSERT (one statement, its own
// transaction), one lock and one fsync for many rows. The more requests wait, the larger the
// batch, so the log's throughput grows with the load instead of being fixed by the disk.
//
// Kept as it was:
// - no answer without its row: `add` resolves only after the batch holding the rows committed,
//   and a request answers only after it resolved (http/route.ts awaits it), so a request whose
//   row was not written fails (500) and an answered request's row is durable;
// - the chain: the trigger still chains every row at insert, in VALUES order (the order the rows
//   were added), under the same lock, on PGlite and PostgreSQL alike; nothing is chained later
//   and `audit:verify` reads the same table;
// - one bad row does not fail the batch's other requests: a failed batch INSERT wrote nothing
//   (one statement), so each request's rows are then written again on their own and only the
//   requests whose own rows fail are refused;
// - a change of a client's data still writes its row in its own transaction (ActivityLog.record
//   with `trx`), atomic with the change: that path does not come here.
//
// Why not deferred chaining (insert unchained, chain later): every row would be written twice
// (the UPDATE that fills chain_seq touches an indexed column, so it is never HOT: a new heap
// tuple and an entry in every index of a table of 20 M rows), the append-only trigger would need
// an exception for that UPDATE, and `audit:verify` a notion of rows not yet chained. Group commit
// keeps the log's invariants as they are and moves the wall from "one commit per row" to "one
// commit per batch".
export class GroupCommit<Row> {
  #queue: { rows: readonly Row[]; resolve: () => void; reject: (error: unknown) => void }[] = [];
  #draining = false;

  /**
   * @param write writes rows in one statement (one transaction); it throws when none were written.
   * @param maxRows the most rows in one batch (the statement's parameter limit); a single add of
   *   more is written as a batch of its own.
   * @param onBatch what each batch was (bench timings): rows and requests in it.
   */
  constructor(
    private readonly write: (rows: readonly Row[]) => Promise<void>,
    private readonly maxRows: number,
    private readonly onBatch?: (rows: number, requests: number) => void,
  ) {}

  /** Resolves once `rows` are committed; rejects when they could not be written. */
  add(rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ rows, resolve, reject });
      if (this.#draining) return;
      this.#draining = true;
      // The rest of this tick's requests (a page fires its calls together) join the first batch.
      setImmediate(() => void this.#drain());
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        let rows = 0;
        let take = 0;
        while (take < this.#queue.length) {
          const next = this.#queue[take]!.rows.length;
          if (take > 0 && rows + next > this.maxRows) break;
          rows += next;
          take += 1;
        }
        await this.#flush(this.#queue.splice(0, take));
      }
    } finally {
      this.#draining = false;
    }
  }

  async #flush(
    batch: { rows: readonly Row[]; resolve: () => void; reject: (error: unknown) => void }[],
  ): Promise<void> {
    try {
      await this.write(batch.length === 1 ? batch[0]!.rows : batch.flatMap((w) => w.rows));
      this.onBatch?.(
        batch.reduce((n, w) => n + w.rows.length, 0),
        batch.length,
      );
      for (const w of batch) w.resolve();
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
    }
    // The batch's one statement failed as a whole: nothing of it was written. Each request's rows
    // again, on their own, so only the requests whose rows cannot be written fail.
    for (const w of batch) {
      try {
        await this.write(w.rows);
        w.resolve();
      } catch (error) {
        w.reject(error);
      }
    }
  }
}
