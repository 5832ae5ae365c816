// In a narrow chat bubble an e-mail address in a message breaks after '@' or before '.', not
// mid-word (issue 35: 'anna.lindqvist.halsa@examp|le.com' in the widget at 360 px).
import { expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { textLines } from '../../lib/text-lines';
import { LinkifiedText } from './linkified-text';

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
  const got = textLines(box);
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
