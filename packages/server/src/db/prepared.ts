// Server-side prepared statements on PostgreSQL (issue 38). A statement text this process has run
// PREPARE_AFTER times is sent as a named statement from then on: each pooled connection parses
// it once, and PostgreSQL keeps its plan (after five runs it may switch to a generic plan when
// that plan is no dearer than the custom ones; plan_cache_mode = auto). Under load, planning was
// 44 % of the product's statement time (pg_stat_statements with track_planning), and a short
// statement such as the staff strong-sign-in check spent 0.41 ms planning for 0.06 ms of work.
// The same rule as PgJDBC's prepareThreshold: one-off texts (an IN list of a new length, a
// migration) stay unnamed, so no connection fills with statements run once.
//
// A statement whose result columns change under it (a migration adds a column to a table it
// reads with `select *`, while this instance runs) fails once with "cached plan must not change
// result type": its text is then never named again, and outside a transaction the call is
// retried unnamed at once, so a rolling deploy costs no request.
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Runs of a text in this process before it is prepared. */
export const PREPARE_AFTER = 3;
/** Texts counted at most; the counts start over when full (new texts are rare once warm). */
const COUNTED_MAX = 5_000;
/** Named statements per connection at most; beyond it a text runs unnamed. */
const PREPARED_PER_CONNECTION_MAX = 500;

/** pg's record of the statements a connection has parsed (by name). */
interface PgConnectionInternals {
  parsedStatements: Record<string, string>;
}

type QueryFn = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/** The process-wide counts and the texts never to name again; one per pool. */
export class StatementPreparer {
  /**
   * Per text: its runs so far, or once it has PREPARE_AFTER of them its statement name (hashed
   * once, not on every call: a SHA-1 of the text per query was 2.3 % of the instances' busy time
   * in bench:capacity --profile).
   */
  readonly #runs = new Map<string, number | string>();
  readonly #neverName = new Set<string>();

  /** The statement name for this text, or undefined while it should run unnamed. */
  #nameFor(text: string): string | undefined {
    const seen = this.#runs.get(text) ?? 0;
    if (typeof seen === 'string') return seen;
    if (this.#neverName.has(text)) return undefined;
    if (this.#runs.size >= COUNTED_MAX) this.#runs.clear();
    if (seen >= PREPARE_AFTER) {
      const name = statementName(text);
      this.#runs.set(text, name);
      return name;
    }
    this.#runs.set(text, seen + 1);
    return undefined;
  }

  /** Makes every connection the pool opens send this process's frequent texts as named statements. */
  attach(pool: pg.Pool): void {
    pool.on('connect', (client) => this.#wrap(client));
  }

  #wrap(client: pg.PoolClient): void {
    const connection = (client as unknown as { connection: PgConnectionInternals }).connection;
    const plain = client.query.bind(client) as QueryFn;
    let inTransaction = false;
    /** Names this connection was sent (parsed, or failing to parse: counted all the same). */
    let named = 0;
    const wrapped: QueryFn = (text, values, callback) => {
      // Only Kysely's calls: a text with an array of values and no callback (a Cursor, a config
      // object or a callback call goes through as it came).
      if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined) {
        return plain(text, values, callback);
      }
      const verb = text.slice(0, 12).trimStart().toLowerCase();
      if (/^(begin|start)/.test(verb)) inTransaction = true;
      else if (/^(commit|rollback|end|abort)/.test(verb)) inTransaction = false;
      let name = this.#nameFor(text);
      if (name !== undefined && connection.parsedStatements[name] === undefined) {
        if (named < PREPARED_PER_CONNECTION_MAX) named += 1;
        else name = undefined;
      }
      if (name === undefined) return plain(text, values);
      const retryable = !inTransaction;
      return (plain({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
        if (!resultTypeChanged(error)) throw error;
        this.#neverName.add(text);
        this.#runs.delete(text);
        if (!retryable) throw error;
        return plain(text, values);
      });
    };
    (client as unknown as { query: QueryFn }).query = wrapped;
  }
}

/** PostgreSQL's "cached plan must not change result type" (feature_not_supported). */
function resultTypeChanged(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '0A000' && /cached plan must not change result type/.test(e.message ?? '');
}

/** A stable name for a text: the same on every connection and instance (pg_prepared_statements). */
export function statementName(text: string): string {
  return `k_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}
