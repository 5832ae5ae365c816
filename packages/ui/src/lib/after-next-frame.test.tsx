// afterNextFrame (after-next-frame.ts) in Chromium: the work waits for the next frame and then
// for a task of its own, and a cancelled one never runs.
import { describe, expect, it } from 'vitest';
import { afterNextFrame } from './after-next-frame';

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('afterNextFrame', () => {
  it('runs after the next frame, not in it', async () => {
    const order: string[] = [];
    afterNextFrame(() => order.push('run'));
    const frame = nextFrame().then(() => order.push('frame'));
    await Promise.resolve();
    expect(order).toEqual([]);
    await frame;
    expect(order).toEqual(['frame']);
    await wait(20);
    expect(order).toEqual(['frame', 'run']);
  });

  it('runs nothing once cancelled', async () => {
    let ran = false;
    const cancel = afterNextFrame(() => {
      ran = true;
    });
    cancel();
    await nextFrame();
    await wait(600);
    expect(ran).toBe(false);
  });
});
