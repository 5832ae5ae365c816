import { describe, expect, it } from 'vitest';
import { PublishOrder } from './publish-order.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PublishOrder', () => {
  it('a change answered first waits for one still asking, which may have locked before it', async () => {
    const order = new PublishOrder();
    const published: string[] = [];
    const a = order.begin(1);
    const b = order.begin(1);
    const bDone = b.publish(2, () => void published.push('b'));
    await tick();
    expect(published).toEqual([]);
    await a.publish(1, () => void published.push('a'));
    await bDone;
    expect(published).toEqual(['a', 'b']);
    expect(order.size).toBe(0);
  });

  it('publishes by number, not by who asked first: the later ticket took the lock first', async () => {
    const order = new PublishOrder();
    const published: number[] = [];
    const first = order.begin(4);
    const second = order.begin(4);
    // The second change locked first (number 5) but is answered after the first (number 6).
    const firstDone = first.publish(6, () => void published.push(6));
    await tick();
    expect(published).toEqual([]);
    await second.publish(5, () => void published.push(5));
    await firstDone;
    expect(published).toEqual([5, 6]);
    expect(order.size).toBe(0);
  });

  it('a change does not wait for one that asked after it was answered', async () => {
    const order = new PublishOrder();
    const published: number[] = [];
    const a = order.begin(2);
    const aDone = a.publish(1, () => void published.push(1));
    const later = order.begin(2);
    await aDone;
    expect(published).toEqual([1]);
    await later.publish(2, () => void published.push(2));
    expect(published).toEqual([1, 2]);
  });

  it('a publish that is slow holds the higher numbers behind it', async () => {
    const order = new PublishOrder();
    const published: number[] = [];
    const a = order.begin(3);
    const b = order.begin(3);
    let finishA!: () => void;
    const aDone = a.publish(1, async () => {
      await new Promise<void>((r) => (finishA = r));
      published.push(1);
    });
    const bDone = b.publish(2, () => void published.push(2));
    await tick();
    expect(published).toEqual([]);
    finishA();
    await Promise.all([aDone, bDone]);
    expect(published).toEqual([1, 2]);
    expect(order.size).toBe(0);
  });

  it('a released ticket (rolled back) lets the others publish', async () => {
    const order = new PublishOrder();
    const published: string[] = [];
    const a = order.begin(7);
    const b = order.begin(7);
    const c = order.begin(7);
    const cDone = c.publish(9, () => void published.push('c'));
    b.release();
    b.release();
    await tick();
    expect(published).toEqual([]);
    a.release();
    await cDone;
    expect(published).toEqual(['c']);
    // A released ticket never publishes.
    await b.publish(8, () => void published.push('b'));
    expect(published).toEqual(['c']);
    expect(order.size).toBe(0);
  });

  it('conversations do not wait for each other', async () => {
    const order = new PublishOrder();
    const published: number[] = [];
    order.begin(1);
    await order.begin(2).publish(1, () => void published.push(2));
    expect(published).toEqual([2]);
    expect(order.size).toBe(1);
  });

  it('a publish that throws still ends its ticket', async () => {
    const order = new PublishOrder();
    const published: string[] = [];
    const a = order.begin(3);
    const b = order.begin(3);
    const aDone = a.publish(1, () => {
      throw new Error('broker');
    });
    const bDone = b.publish(2, () => void published.push('b'));
    await expect(aDone).rejects.toThrow('broker');
    await bDone;
    expect(published).toEqual(['b']);
    expect(order.size).toBe(0);
  });
  it("the next change's publish does not wait for this one's after; the afters keep their order", async () => {
    const order = new PublishOrder();
    const done: string[] = [];
    const a = order.begin(5);
    const b = order.begin(5);
    let finishAfterA!: () => void;
    const aDone = a.publish(
      1,
      () => void done.push('a'),
      async () => {
        await new Promise<void>((r) => (finishAfterA = r));
        done.push('a after');
      },
    );
    const bDone = b.publish(
      2,
      () => void done.push('b'),
      () => void done.push('b after'),
    );
    await tick();
    // b's message is out while a's after (its summaries' read) still runs; b's after waits.
    expect(done).toEqual(['a', 'b']);
    finishAfterA();
    await Promise.all([aDone, bDone]);
    expect(done).toEqual(['a', 'b', 'a after', 'b after']);
    expect(order.size).toBe(0);
  });
});
