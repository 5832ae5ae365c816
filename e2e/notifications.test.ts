// Notifications end to end, against the whole product (packages/server/src/main.ts serving the
// built portal, demo data, a loopback SMTP mailbox) in Debian's Chromium:
//
// 1. The live path of the real product, without depending on any screen: a signed-in browser
//    opens /ws (STOMP over WebSocket, sending its own cookie and Origin), an ADMIN uploads a lab
//    result over HTTP, the USER's /user/queue/notifications gets it; logout closes the socket.
// 2. The user's view (spec §2.5, §4): the bell's count rises without a reload when an ADMIN's
//    action notifies the USER, and clicking the item navigates by type (LAB_RESULT →
//    /lab-results) and clears its unread dot. Written against the UI contract: login fields
//    'E-post' and 'Lösenord', button 'Logga in'; 2FA field 'Kod' (…kod) and button 'Verifiera';
//    the bell is a button named 'Notiser…' with the unread count; items are buttons with the
//    message text (an unread one also says 'Oläst'). Until the portal wires the login screen
//    and the signed-in shell, this test fails with a message saying so (it is not skipped).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type Product } from './support/product.ts';

const PASSWORD = 'Halsa2026!';
const USER_EMAIL = 'klient@example.com';
/** Another demo client for the socket-level test, so the UI test's list is its own. */
const SOCKET_USER_EMAIL = 'lars.nilsson@example.com';
const ADMIN_EMAIL = 'admin@example.com';
const LAB_MESSAGE = 'Nya provsvar finns att läsa.';
const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});

afterAll(async () => {
  await product?.stop();
});

/** The 6-digit code of the first login mail to `to` after `since` mails. */
async function codeFor(to: string, since: number): Promise<string> {
  const mail = await product.mailbox.waitFor(
    to,
    (m) => product.mailbox.mails.indexOf(m) >= since && /inloggningskod/i.test(m.subject),
  );
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`Ingen kod i mejlet till ${to}: ${mail.text}`);
  return code;
}

/** Signs in over HTTP from Node (as a script would); returns the session cookie header. */
async function apiLogin(email: string): Promise<string> {
  const origin = product.url;
  const since = product.mailbox.mails.length;
  const auth = await fetch(`${origin}/api/v1/auth/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(auth.status, await auth.clone().text()).toBe(200);
  const twoFactorId = ((await auth.json()) as { message: string }).message;
  const verify = await fetch(`${origin}/api/v1/auth/verify-2fa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ twoFactorId, code: await codeFor(email, since) }),
  });
  expect(verify.status, await verify.clone().text()).toBe(200);
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('halsa_session='));
  if (!cookie) throw new Error('Ingen sessionscookie');
  return cookie;
}

/** Signs in from inside the page (same-origin fetch; the browser keeps the cookie). */
async function pageLogin(page: Page, email: string): Promise<void> {
  const since = product.mailbox.mails.length;
  const twoFactorId = await page.evaluate(
    async ([e, p]) => {
      const r = await fetch('/api/v1/auth/authenticate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: e, password: p }),
      });
      return ((await r.json()) as { message: string }).message;
    },
    [email, PASSWORD] as const,
  );
  const code = await codeFor(email, since);
  const status = await page.evaluate(
    async ([id, c]) =>
      (
        await fetch('/api/v1/auth/verify-2fa', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ twoFactorId: id, code: c }),
        })
      ).status,
    [twoFactorId, code] as const,
  );
  expect(status).toBe(200);
}

/** ADMIN uploads a lab result for the user → the server notifies them (LAB_RESULT). */
async function adminUploadsLab(adminCookie: string, userId: number, name: string) {
  const form = new FormData();
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), name);
  const res = await fetch(`${product.url}/api/v1/admin/upload-lab/${userId}`, {
    method: 'POST',
    headers: { cookie: adminCookie, origin: product.url },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

const meId = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/v1/auth/me')).json()) as { id: number }).id);

describe('notifications end to end', () => {
  it('the product pushes an ADMIN’s lab upload to the USER’s socket; logout closes it', async () => {
    const context = await product.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${product.url}/login`);
      await pageLogin(page, SOCKET_USER_EMAIL);
      const userId = await meId(page);

      // A bare STOMP 1.2 client in the page: the browser sends its cookie and Origin itself.
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const w = window as unknown as {
              live: { frames: string[]; closed: number | null; ws: WebSocket };
            };
            const ws = new WebSocket(`ws://${location.host}/ws`, ['v12.stomp']);
            w.live = { frames: [], closed: null, ws };
            ws.onerror = () => reject(new Error('websocket error'));
            ws.onclose = (e) => (w.live.closed = e.code);
            ws.onopen = () =>
              ws.send('CONNECT\naccept-version:1.2\nhost:portal\nheart-beat:0,0\n\n\0');
            ws.onmessage = (e) => {
              const text = String(e.data);
              w.live.frames.push(text);
              if (text.startsWith('CONNECTED')) {
                ws.send('SUBSCRIBE\nid:n\ndestination:/user/queue/notifications\nreceipt:r1\n\n\0');
              }
              if (text.startsWith('RECEIPT')) resolve();
            };
          }),
      );

      const admin = await apiLogin(ADMIN_EMAIL);
      await adminUploadsLab(admin, userId, 'Blodprov e2e.pdf');

      const frame = await page.waitForFunction(
        () =>
          (window as unknown as { live: { frames: string[] } }).live.frames.find((f) =>
            f.startsWith('MESSAGE'),
          ),
        undefined,
        { timeout: 10_000 },
      );
      const text = (await frame.jsonValue()) as string;
      expect(text).toContain('destination:/user/queue/notifications');
      const body = JSON.parse(text.slice(text.indexOf('\n\n') + 2).replace(/\0$/, ''));
      expect(body).toMatchObject({ type: 'LAB_RESULT', status: 'UNREAD', message: LAB_MESSAGE });

      const logout = await page.evaluate(
        async () => (await fetch('/api/v1/user/logout', { method: 'POST' })).status,
      );
      expect(logout).toBe(204);
      const closed = await page.waitForFunction(
        () => (window as unknown as { live: { closed: number | null } }).live.closed,
        undefined,
        { timeout: 10_000 },
      );
      expect(await closed.jsonValue()).toBe(4001);
    } finally {
      await context.close();
    }
  });

  it('the bell count rises without a reload; clicking the item navigates by type and clears the dot', async () => {
    const context = await product.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${product.url}/login`);

      const email = page.getByLabel('E-post', { exact: true });
      try {
        await email.waitFor({ state: 'visible', timeout: 15_000 });
      } catch {
        throw new Error(
          'Inloggningssidan har inget fält "E-post": portalen visar ännu inte inloggningsskärmen ' +
            '(@halsa/ui screens/auth/login) på /login. Testet behöver den inkopplade inloggningen, ' +
            'tvåfaktorsteget och det inloggade skalet med notisklockan.',
        );
      }

      // Login through the screens, the code from the mailbox.
      const since = product.mailbox.mails.length;
      await email.fill(USER_EMAIL);
      await page.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Logga in', exact: true }).click();
      await page.waitForURL(/\/2fa\?twoFactorId=/, { timeout: 15_000 });
      // The code field ('Kod', e.g. 'Verifieringskod'), not the section it sits in.
      await page.getByRole('textbox', { name: /kod/i }).fill(await codeFor(USER_EMAIL, since));
      await page.getByRole('button', { name: 'Verifiera' }).click();
      await page.waitForURL(/\/overview$/, { timeout: 15_000 });

      const bell = page.getByRole('button', { name: /^Notiser/ });
      await bell.waitFor({ state: 'visible', timeout: 15_000 });
      /** The unread count in the bell's accessible name ('Notiser' alone is 0). */
      const unreadIn = async () => {
        const snapshot = await bell.ariaSnapshot();
        const name = /button "([^"]*)"/.exec(snapshot)?.[1] ?? '';
        return Number(/^Notiser\D*(\d+)/.exec(name)?.[1] ?? 0);
      };
      const bellWith = (count: number) =>
        page.getByRole('button', {
          name: count === 0 ? /^Notiser$/ : new RegExp(`^Notiser\\D*${count}(\\D|$)`),
        });
      // The demo client always has an unread notification: wait until the list has loaded.
      await expect.poll(unreadIn, { timeout: 15_000 }).toBeGreaterThan(0);
      const before = await unreadIn();

      // A marker that a reload would wipe out.
      await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
      const notReloaded = () =>
        page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload === true);

      const userId = await meId(page);
      const admin = await apiLogin(ADMIN_EMAIL);
      await adminUploadsLab(admin, userId, 'Blodprov UI.pdf');

      await bellWith(before + 1).waitFor({ state: 'visible', timeout: 15_000 });
      expect(await notReloaded()).toBe(true);

      // Open the panel (a dialog titled 'Notiser'): the new item is unread (a blue dot,
      // 'Oläst' for screen readers). Items are looked up in the panel only: the overview page
      // may list notifications too.
      const panel = page.getByRole('dialog', { name: 'Notiser' });
      const message = LAB_MESSAGE.replace('.', '\\.');
      const unreadItem = panel.getByRole('button', { name: new RegExp(`Oläst.*${message}`) });
      const anyItem = panel.getByRole('button', { name: new RegExp(message) });
      await bell.click();
      // The newest first: the one just uploaded (the demo may hold an older unread one too).
      await unreadItem.first().waitFor({ state: 'visible', timeout: 10_000 });
      const unreadLab = await unreadItem.count();
      await unreadItem.first().click();

      // LAB_RESULT navigates to /lab-results, which reads every 'Nya provsvar' notice (issue
      // 35): the count drops by all of them; no dot is left on one.
      await page.waitForURL(/\/lab-results$/, { timeout: 10_000 });
      await bellWith(before + 1 - unreadLab).waitFor({ state: 'visible', timeout: 10_000 });
      if (!(await panel.isVisible())) await bell.click();
      await anyItem.first().waitFor({ state: 'visible', timeout: 10_000 });
      expect(await unreadItem.count()).toBe(0);
      expect(await notReloaded()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
