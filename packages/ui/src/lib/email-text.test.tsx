// At 320 px an address breaks after '@' or before '.', not mid-word (issue 35).
import { expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { textLines } from './text-lines';
import { EmailText } from './email-text';

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
  const got = textLines(box);
  expect(got.join('')).toBe(email);
  expect(got.length).toBeGreaterThan(1);
  for (let i = 0; i + 1 < got.length; i++) {
    const breaksWell = got[i]!.endsWith('@') || got[i + 1]!.startsWith('.');
    expect(breaksWell, `${got[i]} | ${got[i + 1]}`).toBe(true);
  }
});
