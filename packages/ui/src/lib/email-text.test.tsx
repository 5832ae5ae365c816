// At 320 px an address breaks after '@' or before '.', not mid-word (issue 35).
import { expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { EmailText } from './email-text';

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

it('breaks a long address after @ and before dots in a narrow box', async () => {
  const email = 'annakarin.lindqvistberglund@halsoklinikenvasteras.example.se';
  const screen = await render(
    <p
      data-testid="box"
      style={{ width: '200px', overflowWrap: 'break-word', font: '16px sans-serif' }}
    >
      <EmailText email={email} />
    </p>,
  );
  const box = screen.getByTestId('box').element() as HTMLElement;
  const got = lines(box);
  expect(got.join('')).toBe(email);
  expect(got.length).toBeGreaterThan(1);
  for (let i = 0; i + 1 < got.length; i++) {
    const breaksWell = got[i]!.endsWith('@') || got[i + 1]!.startsWith('.');
    expect(breaksWell, `${got[i]} | ${got[i + 1]}`).toBe(true);
  }
});
