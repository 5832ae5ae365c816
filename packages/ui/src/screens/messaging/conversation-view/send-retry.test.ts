import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@halsa/api';
import {
  DEFAULT_RETRY_DELAYS,
  SendRetryQueue,
  isRetryableSendError,
  nextRetryDelay,
  type SendState,
} from './send-retry';

const offline = () => new ApiError(0, 'Kunde inte skicka meddelandet');
const status = (code: number) => new ApiError(code, 'Fel');

describe('isRetryableSendError', () => {
  it('retries no answer, 429 and server errors', () => {
    for (const code of [0, 429, 500, 502, 503, 504]) {
      expect(isRetryableSendError(status(code))).toBe(true);
    }
  });

  it('does not retry other 4xx answers or unknown errors', () => {
    for (const code of [400, 401, 403, 404, 409, 413, 422]) {
      expect(isRetryableSendError(status(code))).toBe(false);
    }
    expect(isRetryableSendError(new Error('boom'))).toBe(false);
    expect(isRetryableSendError(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(isRetryableSendError(undefined)).toBe(false);
  });
});

describe('nextRetryDelay', () => {
  it('backs off 1, 2, 4, 8 and 16 s, then gives up', () => {
    expect(DEFAULT_RETRY_DELAYS).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect([1, 2, 3, 4, 5, 6].map((n) => nextRetryDelay(offline(), n))).toEqual([
      1000,
      2000,
      4000,
      8000,
      16000,
      null,
    ]);
  });

  it('has no delay for an error that would only fail again', () => {
    expect(nextRetryDelay(status(400), 1)).toBeNull();
  });

  it('uses the delays it is given', () => {
    expect(nextRetryDelay(status(503), 1, [10, 20])).toBe(10);
    expect(nextRetryDelay(status(503), 3, [10, 20])).toBeNull();
    expect(nextRetryDelay(status(503), 1, [])).toBeNull();
  });
});

/** A queue whose deliveries the test settles one by one. */
function setup(delays: readonly number[] = [100, 200]) {
  const calls: { key: string; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const states: [string, SendState][] = [];
  const queue = new SendRetryQueue({
    delays,
    deliver: (key) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ key, resolve, reject });
      }),
    onChange: (key, state) => states.push([key, state]),
  });
  /** Settles the newest delivery and lets its handlers run. */
  const settle = async (outcome: 'ok' | unknown) => {
    const call = calls.at(-1);
    if (!call) throw new Error('no delivery');
    if (outcome === 'ok') call.resolve();
    else call.reject(outcome);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { queue, calls, states, settle, last: () => states.at(-1)?.[1] };
}

describe('SendRetryQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports done when the first try succeeds', async () => {
    const { queue, calls, states, settle } = setup();
    queue.run('a');
    expect(calls).toHaveLength(1);
    await settle('ok');
    expect(states).toEqual([
      ['a', 'sending'],
      ['a', 'done'],
    ]);
    expect(queue.has('a')).toBe(false);
  });

  it('stays sending and tries again after each delay, then fails when they are used up', async () => {
    const { queue, calls, settle, last } = setup([100, 200]);
    queue.run('a');
    await settle(offline());
    expect(last()).toBe('sending');
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await settle(status(503));
    expect(last()).toBe('sending');
    await vi.advanceTimersByTimeAsync(199);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    await settle(status(429));
    expect(last()).toBe('failed');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);
  });

  it('succeeds on an automatic try', async () => {
    const { queue, calls, settle, last } = setup();
    queue.run('a');
    await settle(offline());
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(2);
    await settle('ok');
    expect(last()).toBe('done');
  });

  it('fails at once on a 4xx and does not try again by itself, not even online', async () => {
    const { queue, calls, settle, last } = setup();
    queue.run('a');
    await settle(status(400));
    expect(last()).toBe('failed');
    await vi.advanceTimersByTimeAsync(10_000);
    queue.online();
    expect(calls).toHaveLength(1);
  });

  it('tries again by hand with a fresh backoff', async () => {
    const { queue, calls, settle, last } = setup([100]);
    queue.run('a');
    await settle(status(500));
    await vi.advanceTimersByTimeAsync(100);
    await settle(status(500));
    expect(last()).toBe('failed');
    queue.run('a', true);
    expect(calls).toHaveLength(3);
    expect(last()).toBe('sending');
    await settle(status(500));
    // The backoff starts over: one more automatic try.
    expect(last()).toBe('sending');
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(4);
  });

  it('tries a waiting item at once when the network is back, and not again from its timer', async () => {
    const { queue, calls, settle } = setup([5000]);
    queue.run('a');
    await settle(offline());
    queue.online();
    expect(calls).toHaveLength(2);
    await settle('ok');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(2);
  });

  it('tries a failed item again online when its last error was retryable', async () => {
    const { queue, calls, settle, last } = setup([]);
    queue.run('a');
    await settle(offline());
    expect(last()).toBe('failed');
    queue.online();
    expect(calls).toHaveLength(2);
    expect(last()).toBe('sending');
  });

  it('never runs two deliveries of one item at once', async () => {
    const { queue, calls, settle } = setup([100]);
    queue.run('a');
    queue.run('a');
    queue.run('a', true);
    queue.online();
    expect(calls).toHaveLength(1);
    await settle(offline());
    queue.online();
    queue.online();
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
  });

  it('keeps items apart', async () => {
    const { queue, calls, states } = setup([100]);
    queue.run('a');
    queue.run('b');
    expect(calls.map((c) => c.key)).toEqual(['a', 'b']);
    calls[0]?.reject(status(400));
    calls[1]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toContainEqual(['a', 'failed']);
    expect(states).toContainEqual(['b', 'done']);
  });

  it('forgets an item: no more tries, and a late answer is ignored', async () => {
    const { queue, calls, states, settle } = setup([100]);
    queue.run('a');
    await settle(offline());
    queue.forget('a');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);

    queue.run('b');
    queue.forget('b');
    const before = states.length;
    await settle('ok');
    expect(states).toHaveLength(before);
  });

  it('clears its timers on stop and tries the waiting items again on start', async () => {
    const { queue, calls, settle } = setup([100]);
    queue.run('a');
    await settle(offline());
    queue.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    queue.online();
    expect(calls).toHaveLength(1);
    queue.start();
    expect(calls).toHaveLength(2);
  });

  it('schedules nothing for an answer that fails after stop', async () => {
    const { queue, calls, settle, last } = setup([100]);
    queue.run('a');
    queue.stop();
    await settle(offline());
    expect(last()).toBe('sending');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
  });

  it('treats a delivery that throws at once as a failed try', async () => {
    const states: SendState[] = [];
    const queue = new SendRetryQueue({
      delays: [],
      deliver: () => {
        throw new Error('no receiver');
      },
      onChange: (_key, state) => states.push(state),
    });
    queue.run('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(states).toEqual(['sending', 'failed']);
  });
});
