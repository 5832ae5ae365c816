// The /dev/mail page escapes what a mail holds and links only http(s) addresses (issue 35).
import { expect, it } from 'vitest';
import { linkedText, mailPage } from './mail-page.ts';

it('links http(s) addresses, keeps a full stop after one as text, escapes the rest', () => {
  expect(linkedText('Öppna http://localhost:8080/x?a=1&b=2. <b>Hej</b> javascript:alert(1)')).toBe(
    'Öppna <a href="http://localhost:8080/x?a=1&amp;b=2">http://localhost:8080/x?a=1&amp;b=2</a>. &lt;b&gt;Hej&lt;/b&gt; javascript:alert(1)',
  );
});

it('escapes subject and recipient; an empty outbox says so in Swedish', () => {
  const html = mailPage([
    {
      to: '<x@example.com>',
      from: 'a',
      subject: '"><script>',
      text: 'hej',
      sentAt: '2026-11-28T12:00:00.000Z',
    },
  ]);
  expect(html).not.toContain('<script>');
  expect(html).toContain('&lt;x@example.com&gt;');
  expect(html).toContain('28 november 2026 kl. 13:00:00');
  expect(mailPage([])).toContain('<p>Inga e-postmeddelanden ännu.</p>');
});
