// The disk's commit latency on the product's PostgreSQL (issue 38 item 5), a pg_test_fsync-like
// figure printed beside bench:cluster's: single-row INSERTs, each its own transaction, one after
// the other on one connection, each timed from the INSERT's send to the COMMIT's answer. What
// one durable write costs on this disk (at this load) is what no send can go below.
import pg from 'pg';

export interface CommitLatency {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

function figures(samples: number[]): CommitLatency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A probe on its own connection and table: `run` times commits until `until()` is false. */
export class CommitProbe {
  readonly #client: pg.Client;

  private constructor(client: pg.Client) {
    this.#client = client;
  }

  static async open(databaseUrl: string): Promise<CommitProbe> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(
      'create table if not exists bench_commit_probe (id bigserial primary key, at timestamptz not null)',
    );
    return new CommitProbe(client);
  }

  /** One INSERT + COMMIT (an explicit transaction, as the product's sends are), in ms. */
  async once(): Promise<number> {
    const t = performance.now();
    await this.#client.query('begin');
    await this.#client.query('insert into bench_commit_probe (at) values (now())');
    await this.#client.query('commit');
    return performance.now() - t;
  }

  /** `count` commits back to back (the quiet disk, before the load). */
  async burst(count: number): Promise<CommitLatency> {
    const samples: number[] = [];
    for (let i = 0; i < count; i++) samples.push(await this.once());
    return figures(samples);
  }

  /** One commit every `pauseMs` while `until()` holds (the disk under the run's load). */
  async during(until: () => boolean, pauseMs: number): Promise<CommitLatency> {
    const samples: number[] = [];
    while (until()) {
      samples.push(await this.once());
      await sleep(pauseMs);
    }
    return figures(samples);
  }

  async close(): Promise<void> {
    await this.#client.end();
  }
}
