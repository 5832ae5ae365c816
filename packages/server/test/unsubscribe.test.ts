// The one-click unsubscribe acts only on a POST (issue 34, design §4.16): mail-link scanners
// open the link a mail carries (GET) and some fetch its header's address (GET or HEAD), which
// used to turn the notice off. Now GET and HEAD only say what the token names; RFC 8058's POST
// turns it off whatever Origin the mail program sends (its own, or `null`), and the page's
// 'Ångra' turns it on again.
import { expect, it } from 'vitest';
import { describeDb, PUBLIC_URL, useTestApp } from './helpers.ts';

describeDb('one-click unsubscribe only on POST (issue 34)', () => {
  const t = useTestApp();
  const url = (path: 'unsubscribe' | 'resubscribe', kind: 'LAB_RESULT' | 'NEW_MESSAGE') =>
    `/api/v1/public/${path}?token=${t.app.ctx.noticeMails.tokens.token(t.users.klient.id, kind)}`;
  const setting = async (kind: 'LAB_RESULT' | 'NEW_MESSAGE') =>
    (await t.app.ctx.noticeMails.settings.get(t.users.klient.id, 'USER'))[kind];

  it('GET and HEAD of the link change nothing; GET says what the token names', async () => {
    const get = await t.app.inject({ method: 'GET', url: url('unsubscribe', 'LAB_RESULT') });
    expect(get.statusCode, get.body).toBe(200);
    expect(get.json()).toEqual({
      kind: 'LAB_RESULT',
      label: 'Nya provsvar',
      message: 'Vill du sluta få e-post om nya provsvar?',
    });
    const head = await t.app.inject({ method: 'HEAD', url: url('unsubscribe', 'LAB_RESULT') });
    expect(head.statusCode).toBe(200);
    // A scanner that follows the link from the mail (cross-site navigation): still nothing.
    await t.app.inject({
      method: 'GET',
      url: url('unsubscribe', 'LAB_RESULT'),
      headers: { 'sec-fetch-site': 'none' },
    });
    expect(await setting('LAB_RESULT')).toBe(true);
  });

  it.each([
    ['a webmail origin', { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' }],
    ['Origin: null', { origin: 'null' }],
    ['no Origin', {}],
  ])('the RFC 8058 POST with %s turns the kind off', async (_name, headers) => {
    await t.app.ctx.noticeMails.settings.update(t.users.klient.id, 'USER', { LAB_RESULT: true });
    const res = await t.app.inject({
      method: 'POST',
      url: url('unsubscribe', 'LAB_RESULT'),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Du får inte längre e-post om nya provsvar. Du kan slå på det igen under Notiser i Hälsoportalen.',
    );
    expect(await setting('LAB_RESULT')).toBe(false);
  });

  it("the page's button turns it off, 'Ångra' turns it on again; a bad token changes nothing", async () => {
    const origin = { origin: PUBLIC_URL };
    const off = await t.app.inject({
      method: 'POST',
      url: url('unsubscribe', 'NEW_MESSAGE'),
      headers: origin,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await setting('NEW_MESSAGE')).toBe(false);
    const undo = await t.app.inject({
      method: 'POST',
      url: url('resubscribe', 'NEW_MESSAGE'),
      headers: origin,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({
      kind: 'NEW_MESSAGE',
      message: 'Du får e-post om nya meddelanden igen.',
    });
    expect(await setting('NEW_MESSAGE')).toBe(true);
    // 'Ångra' is no one-click address: a foreign origin is refused.
    const foreign = await t.app.inject({
      method: 'POST',
      url: url('resubscribe', 'NEW_MESSAGE'),
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const forged = url('unsubscribe', 'NEW_MESSAGE').replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const bad = await t.app.inject({ method: 'POST', url: forged, headers: origin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Länken för att avsluta e-postaviseringen är ogiltig.');
    expect(await setting('NEW_MESSAGE')).toBe(true);
  });
});
