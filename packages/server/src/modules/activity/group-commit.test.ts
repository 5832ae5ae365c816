// GroupCommit on its own (the database side is test/log-group-commit.test.ts): who waits for
// what, in which order rows are written, and how a failed batch is split.
import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

/** A writer that records each write and can be held open or made to refuse a row. */
function writer(options: { refuse?: (row: string) => boolean } = {}) {
  const writes: string[][] = [];
  let release: (() => void) | null = null;
  let held = false;
  const write = async (rows: readonly string[]) => {
    if (held) await new Promise<void>((resolve) => (release = resolve));
    if (rows.some((r) => options.refuse?.(r))) throw new Error(`vägrad: ${rows.join(',')}`);
    writes.push([...rows]);
  };
  return {
    writes,
    write,
    hold: () => (held = true),
    release: () => {
      held = false;
      release?.();
    },
  };
}

describe('GroupCommit', () => {
  it('calls of one tick share one write, in the order they were added', async () => {
    const w = writer();
    const group = new GroupCommit(w.write, 100);
    await Promise.all([group.add(['a']), group.add(['b', 'c']), group.add(['d'])]);
    expect(w.writes).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('what arrives while a write is in flight goes together in the next one', async () => {
    const w = writer();
    const group = new GroupCommit(w.write, 100);
    w.hold();
    const first = group.add(['1']);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [group.add(['2']), group.add(['3']), group.add(['4'])];
    let firstDone = false;
    void first.then(() => (firstDone = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(firstDone).toBe(false);
    w.release();
    await Promise.all([first, ...later]);
    expect(w.writes).toEqual([['1'], ['2', '3', '4']]);
  });

  it('a call resolves only after its write, never before', async () => {
    const w = writer();
    const group = new GroupCommit(w.write, 100);
    w.hold();
    let done = false;
    const p = group.add(['x']).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done).toBe(false);
    expect(w.writes).toEqual([]);
    w.release();
    await p;
    expect(w.writes).toEqual([['x']]);
  });

  it('batches stay under maxRows; a call larger than it is written alone', async () => {
    const w = writer();
    const group = new GroupCommit(w.write, 3);
    await Promise.all([
      group.add(['a', 'b']),
      group.add(['c', 'd']),
      group.add(['e', 'f', 'g', 'h']),
      group.add(['i']),
    ]);
    expect(w.writes).toEqual([['a', 'b'], ['c', 'd'], ['e', 'f', 'g', 'h'], ['i']]);
  });

  it('a refused row fails its own call only; the others are written once', async () => {
    const w = writer({ refuse: (row) => row === 'dålig' });
    const batches: [number, number][] = [];
    const group = new GroupCommit(w.write, 100, (rows, calls) => batches.push([rows, calls]));
    const results = await Promise.allSettled([
      group.add(['a']),
      group.add(['dålig', 'b']),
      group.add(['c']),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(w.writes).toEqual([['a'], ['c']]);
    expect(batches).toEqual([]);
    // The queue goes on after a failure.
    await group.add(['d']);
    expect(w.writes.at(-1)).toEqual(['d']);
    expect(batches).toEqual([[1, 1]]);
  });

  it('an empty call resolves at once without a write', async () => {
    const w = writer();
    await new GroupCommit(w.write, 10).add([]);
    expect(w.writes).toEqual([]);
  });
});
