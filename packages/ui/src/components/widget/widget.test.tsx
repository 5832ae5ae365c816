// The widget's tabs are a chunk of their own (widget-tabs.tsx, issue 39), loaded when the page is
// usable or at the first opening. Module state (the chunk once loaded stays loaded), so the tests
// run in order: first a page that is not usable yet, then an opening.
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { DeferUntilUsable } from '@halsa/api';
import { sessionUsers } from '@halsa/api/mocks/fixtures/users';
import { sleepTips } from '../daily-tip/tips';
import { Widget } from './widget';

const tip = sleepTips[0];

describe('Widget: the tabs load apart from the button', () => {
  it('a closed widget draws its button without the tabs; their code loads once the page is usable', async () => {
    // The page keeps 250 resource entries by default, and this file's modules (Vite serves each
    // as a file of its own) are about 233 of them. A full buffer drops the chunk's entry and the
    // poll below fails on every try, as in CI on e7c896f (the same failure here when the buffer
    // is shrunk to what it holds). Room first.
    performance.setResourceTimingBufferSize(10_000);
    const requested = () =>
      performance.getEntriesByType('resource').some((entry) => /widget-tabs/.test(entry.name));
    const screen = await render(
      <DeferUntilUsable>
        <Widget user={sessionUsers.user} dailyTip={tip} />
      </DeferUntilUsable>,
    );
    await expect
      .element(screen.getByRole('button', { name: 'Öppna meddelanden' }))
      .toBeInTheDocument();
    expect(document.querySelector('[role="tablist"]')).toBeNull();
    expect(requested()).toBe(false);
    await expect.poll(requested, { timeout: 10_000 }).toBe(true);
    screen.unmount();
  });

  it('opening it draws the tabs once their code is in, Hem first', async () => {
    const screen = await render(<Widget user={sessionUsers.user} dailyTip={tip} />);
    await screen.getByRole('button', { name: 'Öppna meddelanden' }).click();
    const panel = screen.getByRole('dialog', { name: 'Meddelanden' });
    await expect
      .element(panel.getByRole('tab', { name: 'Hem' }))
      .toHaveAttribute('aria-selected', 'true');
    await expect.element(panel.getByRole('heading', { name: 'Välkommen Anna' })).toBeVisible();
    await expect.element(panel.getByText(tip!.text)).toBeVisible();
    await screen.getByRole('button', { name: 'Till meddelanden' }).click();
    await expect
      .element(panel.getByRole('tab', { name: 'Meddelande' }))
      .toHaveAttribute('aria-selected', 'true');
    await expect.element(panel.getByRole('status')).toHaveTextContent('Meddelanden laddas…');
  });
});
