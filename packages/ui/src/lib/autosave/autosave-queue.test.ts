// The one autosave queue on its own (issue 37): pause, one request at a time, offline with
// backoff, refusal and retry, conflict, drafts, validity, saveNow and work in the same line.
import { ApiError } from '@halsa/api';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AutosaveQueue, type AutosaveOptions } from './autosave-queue';
import { memoryDrafts, takeDraft } from './drafts';

interface Call {
  doc: string;
  version: number | undefined;
  answer: (version: number) => void;
  refuse: (error: unknown) => void;
}

/** A queue over a string document whose saves wait until the test answers them. */
function setup(options: Partial<AutosaveOptions<string>> = {}) {
  let doc = 'a';
  const calls: Call[] = [];
  const queue = new AutosaveQueue<string>({
    version: 1,
    read: () => doc,
    save: (d, version) =>
      new Promise<number>((answer, refuse) => calls.push({ doc: d, version, answer, refuse })),
    failedMessage: 'Misslyckades att spara',
    ...options,
  });
  const states: string[] = [];
  queue.subscribe(() => states.push(queue.state.kind));
  const edit = (next: string) => {
    doc = next;
    queue.markDirty();
  };
  return { queue, calls, states, edit };
}

const offline = () => new ApiError(0, 'Ingen anslutning');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AutosaveQueue', () => {
  test('sends once after the pause, with the version, and says Sparat', async () => {
    const { queue, calls, edit } = setup();
    expect(queue.state).toEqual({ kind: 'idle' });
    edit('ab');
    edit('abc');
    expect(queue.state).toEqual({ kind: 'saving' });
    await vi.advanceTimersByTimeAsync(799);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => [c.doc, c.version])).toEqual([['abc', 1]]);
    calls[0]!.answer(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.state).toEqual({ kind: 'saved' });
    expect(queue.version).toBe(2);
    expect(queue.hasUnsaved()).toBe(false);
  });

  test('one request at a time: a change during a save goes with the next, on the new version', async () => {
    const { queue, calls, edit } = setup();
    edit('b');
    await vi.advanceTimersByTimeAsync(800);
    edit('c');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    calls[0]!.answer(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => [c.doc, c.version])).toEqual([
      ['b', 1],
      ['c', 2],
    ]);
    expect(queue.state.kind).toBe('saving');
    calls[1]!.answer(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.state).toEqual({ kind: 'saved' });
  });

  test('offline: kept, retried after 2 s, 4 s …, and sent at once when back online', async () => {
    const { queue, calls, edit } = setup({ maxRetryMs: 4000 });
    edit('b');
    await vi.advanceTimersByTimeAsync(800);
    calls[0]!.refuse(offline());
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.state).toEqual({ kind: 'offline' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    calls[1]!.refuse(offline());
    await vi.advanceTimersByTimeAsync(3999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    calls[2]!.refuse(offline());
    // Capped at maxRetryMs.
    await vi.advanceTimersByTimeAsync(4000);
    expect(calls).toHaveLength(4);
    calls[3]!.refuse(offline());
    await vi.advanceTimersByTimeAsync(0);
    queue.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(5);
    calls[4]!.answer(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.state).toEqual({ kind: 'saved' });
  });

  test("refused: the server's message, or the fallback; 'Försök igen' sends again", async () => {
    const { queue, calls, edit } = setup();
    edit('b');
    await vi.advanceTimersByTimeAsync(800);
    calls[0]!.refuse(new ApiError(500, ''));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.state).toEqual({ kind: 'failed', message: 'Misslyckades att spara' });
    // No timer retries a refusal.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    queue.retry();
    await vi.advanceTimersByTimeAsync(0);
    calls[1]!.refuse(new ApiError(422, 'Frågan saknar text.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.state).toEqual({ kind: 'failed', message: 'Frågan saknar text.' });
  });

  test('a 409 stops saving for good and forgets the draft', async () => {
    const store = memoryDrafts<string>();
    const { queue, calls, edit } = setup({ drafts: { store, key: 'k' } });
    edit('b');
    await vi.advanceTimersByTimeAsync(800);
    expect(store.read('k')).toEqual({ baseVersion: 1, doc: 'b' });
    calls[0]!.refuse(new ApiError(409, 'Ändrat av någon annan.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.state).toEqual({ kind: 'conflict', message: 'Ändrat av någon annan.' });
    expect(store.read('k')).toBeNull();
    edit('c');
    queue.retry();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    expect(queue.state.kind).toBe('conflict');
  });

  test('drafts: written before a send, kept while unsaved, removed once saved', async () => {
    const store = memoryDrafts<string>();
    const { queue, calls, edit } = setup({ drafts: { store, key: 'k', owner: () => 7 } });
    edit('b');
    await vi.advanceTimersByTimeAsync(800);
    calls[0]!.refuse(offline());
    await vi.advanceTimersByTimeAsync(0);
    expect(store.read('k')).toEqual({ baseVersion: 1, doc: 'b', owner: 7 });
    // Only onto the same version, for the same writer; a stale draft is dropped.
    expect(takeDraft(store, 'k', 1, 8)).toBeNull();
    expect(store.read('k')).toBeNull();
    queue.unload();
    expect(takeDraft(store, 'k', 1, 7)).toBe('b');
    queue.online();
    await vi.advanceTimersByTimeAsync(0);
    calls[1]!.answer(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.read('k')).toBeNull();
  });

  test('leaving: sends what is unsaved, then no retry timers; unload asks only while unsaved', async () => {
    const { queue, calls, edit } = setup();
    expect(queue.unload()).toBe(false);
    edit('b');
    expect(queue.unload()).toBe(true);
    queue.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    calls[0]!.refuse(offline());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });

  test('leaving after a failed save sends nothing: the draft waits for the next visit', async () => {
    const store = memoryDrafts<string>();
    const { queue, calls, edit } = setup({ drafts: { store, key: 'k' } });
    edit('b');
    await vi.advanceTimersByTimeAsync(800);
    calls[0]!.refuse(offline());
    await vi.advanceTimersByTimeAsync(0);
    edit('c');
    queue.leave();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(store.read('k')).toEqual({ baseVersion: 1, doc: 'c' });
  });

  test('a restored draft counts as unsaved and is sent by the first flush', async () => {
    const { queue, calls } = setup({ restored: true });
    expect(queue.state).toEqual({ kind: 'saving' });
    expect(queue.hasUnsaved()).toBe(true);
    void queue.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.doc)).toEqual(['a']);
  });

  test('an invalid document is not sent until it is fixed', async () => {
    const { queue, calls, edit } = setup({ isValid: (d) => !d.includes('!') });
    edit('b!');
    await vi.advanceTimersByTimeAsync(800);
    expect(queue.state).toEqual({ kind: 'invalid' });
    expect(calls).toHaveLength(0);
    edit('b');
    await vi.advanceTimersByTimeAsync(800);
    expect(calls.map((c) => c.doc)).toEqual(['b']);
  });

  test('saveNow creates a document not yet on the server and waits for every change', async () => {
    const { queue, calls, edit } = setup({ version: undefined });
    const done = queue.saveNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => [c.doc, c.version])).toEqual([['a', undefined]]);
    edit('b');
    calls[0]!.answer(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => [c.doc, c.version])).toEqual([
      ['a', undefined],
      ['b', 1],
    ]);
    calls[1]!.answer(2);
    await expect(done).resolves.toBe(true);
    expect(queue.version).toBe(2);
  });

  test('saveNow answers false when the save does not go through', async () => {
    const { queue, calls, edit } = setup();
    edit('b');
    const done = queue.saveNow();
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.refuse(offline());
    await expect(done).resolves.toBe(false);
  });

  test('other work joins the line after a running save and gets its version', async () => {
    const { queue, calls, edit } = setup();
    edit('b');
    await vi.advanceTimersByTimeAsync(800);
    const seen: (number | undefined)[] = [];
    const removed = queue.enqueueVersioned(async (v) => {
      seen.push(v);
      return (v ?? 0) + 1;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([]);
    calls[0]!.answer(2);
    await removed;
    expect(seen).toEqual([2]);
    expect(queue.version).toBe(3);
    const refused = queue.enqueueVersioned(() => Promise.reject(new ApiError(409, 'Ändrat.')));
    await expect(refused).rejects.toThrow('Ändrat.');
    expect(queue.state).toEqual({ kind: 'conflict', message: 'Ändrat.' });
  });
});
