import { describe, expect, it } from 'vitest';
import { PublishOrder } from './publish-order.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PublishOrder', () => {
  it('a later turn that is ready first waits for the earlier one', async () => {
    const order = new PublishOrder();
    const published: string[] = [];
    const a = order.take(1);
    const b = order.take(1);
    const bDone = b.publish(() => published.push('b'));
    await tick();
    expect(published).toEqual([]);
    await a.publish(() => published.push('a'));
    await bDone;
    expect(published).toEqual(['a', 'b']);
    expect(order.size).toBe(0);
  });

  it('a released turn (rolled back) lets the next one publish', async () => {
    const order = new PublishOrder();
    const published: string[] = [];
    const a = order.take(7);
    const b = order.take(7);
    const c = order.take(7);
    const cDone = c.publish(() => published.push('c'));
    b.release();
    b.release();
    await tick();
    expect(published).toEqual([]);
    a.release();
    await cDone;
    expect(published).toEqual(['c']);
    // A released turn never publishes.
    await b.publish(() => published.push('b'));
    expect(published).toEqual(['c']);
    expect(order.size).toBe(0);
  });

  it('conversations do not wait for each other', async () => {
    const order = new PublishOrder();
    const published: number[] = [];
    order.take(1);
    await order.take(2).publish(() => published.push(2));
    expect(published).toEqual([2]);
    expect(order.size).toBe(1);
  });

  it('a publish that throws still ends its turn', async () => {
    const order = new PublishOrder();
    const published: string[] = [];
    const a = order.take(3);
    const b = order.take(3);
    await expect(
      a.publish(() => {
        throw new Error('broker');
      }),
    ).rejects.toThrow('broker');
    await b.publish(() => published.push('b'));
    expect(published).toEqual(['b']);
    expect(order.size).toBe(0);
  });
});
