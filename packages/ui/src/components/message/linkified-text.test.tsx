// In a narrow chat bubble an e-mail address in a message breaks after '@' or before '.', not
// mid-word (issue 35: 'anna.lindqvist.halsa@examp|le.com' in the widget at 360 px).
import { expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { LinkifiedText } from './linkified-text';

/** The rendered text split into its lines, by each character's line box. */
function lines(el: HTMLElement): string[] {
  const out: { top: number; text: string }[] = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.textContent!.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      const last = out.at(-1);
      if (last && Math.abs(last.top - top) < 4) last.text += node.textContent![i];
      else out.push({ top, text: node.textContent![i]! });
    }
  }
  return out.map((l) => l.text);
}

it('breaks an address in a message after @ or before a dot, and keeps the text around it', async () => {
  const text = 'Mejla annakarin.lindqvistberglund@halsoklinikenvasteras.example.se i dag?';
  // The bubble's own rule (the test page has no Tailwind): any point may break if nothing else fits.
  const screen = await render(
    <p
      data-testid="box"
      style={{ width: '200px', overflowWrap: 'anywhere', font: '16px sans-serif' }}
    >
      <LinkifiedText text={text} />
    </p>,
  );
  const box = screen.getByTestId('box').element() as HTMLElement;
  const got = lines(box);
  expect(got.join('')).toBe(text);
  const address = got.filter((l) => /[@.]/.test(l));
  expect(address.length).toBeGreaterThan(1);
  for (let i = 0; i + 1 < got.length; i++) {
    const a = got[i]!.trimEnd();
    const b = got[i + 1]!;
    // A break is at a space, after '@' or before '.'; never inside a word of the address.
    const breaksWell = got[i]!.endsWith(' ') || a.endsWith('@') || b.startsWith('.');
    expect(breaksWell, `${got[i]} | ${b}`).toBe(true);
  }
});
