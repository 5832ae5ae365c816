// Work that waits until the page is usable (after-usable.tsx), in Chromium. The moment is
// reached once per tab (module state), so the tests run in order: before it, at it, after it.
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { DeferUntilUsable, afterUsable, useAfterUsable } from './after-usable.tsx';

function Probe({ seen }: { seen: boolean[] }) {
  const usable = useAfterUsable();
  useEffect(() => {
    seen.push(usable);
  }, [usable, seen]);
  return <p>{usable ? 'Användbar' : 'Ritas'}</p>;
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('useAfterUsable', () => {
  it('inside DeferUntilUsable: false in the commit that draws the page, true after a painted frame', async () => {
    const seen: boolean[] = [];
    const ran: string[] = [];
    const screen = await render(
      <DeferUntilUsable>
        <Probe seen={seen} />
      </DeferUntilUsable>,
    );
    // Work scheduled beside it runs in the same later task; a cancelled one never runs.
    afterUsable(() => ran.push('första'));
    const cancel = afterUsable(() => ran.push('avbruten'));
    cancel();
    expect(seen[0]).toBe(false);
    expect(ran).toEqual([]);
    await expect.element(screen.getByText('Användbar')).toBeInTheDocument();
    expect(seen).toEqual([false, true]);
    expect(ran).toEqual(['första']);
  });

  it('once reached, a component mounted later (the next page) starts its work at once', async () => {
    const seen: boolean[] = [];
    await render(
      <DeferUntilUsable>
        <Probe seen={seen} />
      </DeferUntilUsable>,
    );
    expect(seen).toEqual([true]);
    const ran: string[] = [];
    afterUsable(() => ran.push('direkt'));
    expect(ran).toEqual(['direkt']);
  });

  it('outside DeferUntilUsable (stories, component tests): true from the first render', async () => {
    const seen: boolean[] = [];
    const screen = await render(<Probe seen={seen} />);
    await nextFrame();
    expect(seen).toEqual([true]);
    await expect.element(screen.getByText('Användbar')).toBeInTheDocument();
  });
});
