// Messaging end to end, against the whole product (packages/server/src/main.ts serving the
// built portal, demo data, a loopback SMTP mailbox) in Debian's Chromium, with one browser
// context per person, all through the floating widget ('Öppna meddelanden' → 'Meddelande'):
//
// 1. Staff (Erik Sandberg) ↔ client (Karin Johansson), the seeded conversation: messages flow
//    both ways live (no reload), the receiver's unread count rises and clears when opened, a
//    PDF sent with 'Bifoga fil' is downloadable by the other side, an edit shows 'Redigerat'
//    on the other side live.
// 2. Resilience: admin (Astrid Lindqvist) ↔ client (Lars Nilsson), the seeded conversation.
//    The client's STOMP socket is cut (offline + every WebSocket closed) while the admin sends
//    20 messages; after reconnecting, the client's view shows exactly those 20, in order, once.
// 3. XSS: staff starts a new conversation with Maria Östlund ('Ny konversation') and sends a
//    corpus of script-ish texts; Maria sees them as inert text; an https URL becomes a link.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct, type Product } from './support/product.ts';

const PASSWORD = 'Halsa2026!';
const STAFF = { email: 'staff@example.com', name: 'Erik Sandberg' };
const ADMIN = { email: 'admin@example.com', name: 'Astrid Lindqvist' };
const KARIN = { email: 'klient@example.com', name: 'Karin Johansson' };
const LARS = { email: 'lars.nilsson@example.com', name: 'Lars Nilsson' };
const MARIA = { email: 'maria.ostlund@example.com', name: 'Maria Östlund' };
const PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
  '2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});

afterAll(async () => {
  await product?.stop();
});

/** A unique tag, so texts of one run never match another's. */
const tag = () => Math.random().toString(36).slice(2, 8);

/**
 * Every page of a context records the WebSockets it opens (the STOMP client's and SockJS's),
 * so a test can close them, and counts dialogs (an XSS alert would open one).
 */
const TRACK_SOCKETS = () => {
  const w = window as unknown as {
    __sockets: WebSocket[];
    __cut: boolean;
    WebSocket: typeof WebSocket;
  };
  w.__sockets = [];
  w.__cut = false;
  const Native = w.WebSocket;
  class Tracked extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      // While the test cuts the network, a new socket goes nowhere (connection refused):
      // Chromium's offline emulation does not reliably stop WebSockets on its own.
      super(w.__cut ? 'ws://127.0.0.1:9/' : url, protocols);
      w.__sockets.push(this);
    }
  }
  w.WebSocket = Tracked;
};

type SocketWindow = { __sockets: WebSocket[]; __cut: boolean };

/** Cuts the page's network: offline for HTTP, every open WebSocket closed, new ones refused. */
async function cutNetwork(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.evaluate(() => ((window as unknown as SocketWindow).__cut = true));
  // Close whatever is (or becomes) open until none is; a CLOSING socket delivers nothing more.
  await page.waitForFunction(
    () => {
      const sockets = (window as unknown as SocketWindow).__sockets;
      for (const s of sockets) if (s.readyState === WebSocket.OPEN) s.close();
      return sockets.length > 0 && sockets.every((s) => s.readyState !== WebSocket.OPEN);
    },
    undefined,
    { timeout: 15_000, polling: 100 },
  );
}

async function restoreNetwork(context: BrowserContext, page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as SocketWindow).__cut = false));
  await context.setOffline(false);
}

async function newContext(): Promise<BrowserContext> {
  const context = await product.browser.newContext({ acceptDownloads: true });
  await context.addInitScript(TRACK_SOCKETS);
  context.setDefaultTimeout(20_000);
  return context;
}

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

/** Signs in through the screens; returns the page with the signed-in shell and its widget. */
async function login(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  page.on('dialog', (d) => {
    (page as unknown as { dialogs: string[] }).dialogs ??= [];
    (page as unknown as { dialogs: string[] }).dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${product.url}/login`);
  const since = product.mailbox.mails.length;
  await page.getByLabel('E-post', { exact: true }).fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await page.waitForURL(/\/2fa\?twoFactorId=/, { timeout: 20_000 });
  await page.getByRole('textbox', { name: 'Verifieringskod' }).fill(await codeFor(email, since));
  await page.getByRole('button', { name: 'Verifiera' }).click();
  await page.waitForURL((u) => !/\/(login|2fa)/.test(u.pathname), { timeout: 20_000 });
  await page
    .getByRole('button', { name: 'Öppna meddelanden' })
    .waitFor({ state: 'visible', timeout: 20_000 });
  // A marker that a reload would wipe out.
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
  return page;
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload === true);

const widget = (page: Page) => page.getByRole('dialog', { name: 'Meddelanden' });

/** Opens the widget on 'Meddelande' and waits for 'Senaste konversationer'. */
async function openMessages(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Öppna meddelanden' }).click();
  const w = widget(page);
  await w.getByRole('tab', { name: 'Meddelande' }).click();
  await w.getByRole('heading', { name: 'Senaste konversationer' }).waitFor({ timeout: 20_000 });
  return w;
}

/** The list item (a button) of the conversation with `partner`. */
const listItem = (w: Locator, partner: string) =>
  w.getByRole('button', { name: new RegExp(`^${partner}`) });

/** The unread count of a list item's badge ('2 olästa' for screen readers), 0 without one. */
async function unreadOf(item: Locator): Promise<number> {
  const badge = item.locator('[data-slot="unread-badge"] .sr-only');
  if ((await badge.count()) === 0) return 0;
  const text = (await badge.first().textContent()) ?? '';
  const count = /^(\d+) olästa?$/.exec(text.trim())?.[1];
  if (count === undefined) throw new Error(`Oväntad olästa-text: "${text}"`);
  return Number(count);
}

/** Opens the conversation with `partner` from the list; returns its log. */
async function openConversation(w: Locator, partner: string): Promise<Locator> {
  await listItem(w, partner).click();
  await w.getByRole('heading', { name: partner }).waitFor({ timeout: 20_000 });
  const log = w.getByRole('log');
  await log.waitFor({ timeout: 20_000 });
  return log;
}

/** The text of each message in the log, in order (the text part, not time or markers). */
const texts = (log: Locator) =>
  log.evaluate((el) =>
    [...el.querySelectorAll('li')].map(
      (li) => li.querySelector('.whitespace-pre-wrap')?.textContent ?? '',
    ),
  );

/** The log item showing `text`. */
const messageItem = (log: Locator, text: string) =>
  log.getByRole('listitem').filter({ hasText: text });

/** Writes in the conversation's send box and presses 'Skicka'. */
async function send(w: Locator, text: string): Promise<void> {
  await w.getByRole('textbox', { name: 'Skriv ett meddelande' }).fill(text);
  await w.getByRole('button', { name: 'Skicka', exact: true }).click();
}

interface ApiConversation {
  conversationId: number;
  partner: { id: number; fullName: string };
  unreadCount: number;
}

/** The signed-in user's conversations, fetched by the page itself (its cookie, its origin). */
const conversations = (page: Page) =>
  page.evaluate(async () => {
    const r = await fetch('/api/v1/user/messaging/conversations');
    if (!r.ok) throw new Error(`conversations: ${r.status} ${await r.text()}`);
    return (await r.json()) as ApiConversation[];
  });

async function conversationWith(page: Page, partner: string): Promise<ApiConversation> {
  const found = (await conversations(page)).find((c) => c.partner.fullName === partner);
  if (!found) throw new Error(`Ingen konversation med ${partner}`);
  return found;
}

/** Sends texts one after another over the API from the page (same origin, its cookie). */
const apiSend = (page: Page, conversation: ApiConversation, contents: string[]) =>
  page.evaluate(
    async ([id, receiverId, list]) => {
      const statuses: number[] = [];
      for (const content of list) {
        const r = await fetch(`/api/v1/user/messaging/conversations/${id}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ receiverId, content, clientMessageId: crypto.randomUUID() }),
        });
        statuses.push(r.status);
      }
      return statuses;
    },
    [conversation.conversationId, conversation.partner.id, contents] as const,
  );

describe('messaging end to end', () => {
  it('messages, a PDF attachment, an edit and unread counts flow live between staff and client', async () => {
    const staffContext = await newContext();
    const clientContext = await newContext();
    try {
      const [staff, client] = await Promise.all([
        login(staffContext, STAFF.email),
        login(clientContext, KARIN.email),
      ]);
      const t = tag();

      // The client waits on the list; the staff opens the seeded conversation.
      const clientW = await openMessages(client);
      const karinsItem = listItem(clientW, STAFF.name);
      await karinsItem.waitFor({ timeout: 20_000 });
      const unreadBefore = await unreadOf(karinsItem);

      const staffW = await openMessages(staff);
      const staffLog = await openConversation(staffW, KARIN.name);
      const first = `Hej Karin, hur mår du? (${t})`;
      await send(staffW, first);
      await messageItem(staffLog, first).waitFor({ timeout: 20_000 });

      // Live on the client's list: the preview and a higher unread count.
      await expect
        .poll(() => unreadOf(karinsItem), {
          timeout: 20_000,
          message: 'Mottagarens olästa-räknare steg inte utan omladdning',
        })
        .toBe(unreadBefore + 1);
      await expect.poll(() => karinsItem.textContent(), { timeout: 10_000 }).toContain(first);

      // Opening the conversation shows the message and clears the count.
      const clientLog = await openConversation(clientW, STAFF.name);
      await messageItem(clientLog, first).waitFor({ timeout: 20_000 });
      await clientW.getByRole('button', { name: 'Tillbaka' }).click();
      await karinsItem.waitFor({ timeout: 20_000 });
      await expect
        .poll(() => unreadOf(karinsItem), {
          timeout: 20_000,
          message: 'Olästa-räknaren försvann inte när konversationen öppnades',
        })
        .toBe(0);
      await openConversation(clientW, STAFF.name);

      // The other way: the client answers, the staff sees it live.
      const reply = `Tack, bara bra! (${t})`;
      await send(clientW, reply);
      await messageItem(staffLog, reply).waitFor({ timeout: 20_000 });

      // Attachment: the client sends a PDF with 'Bifoga fil'; the staff downloads it.
      const fileName = `provsvar-${t}.pdf`;
      const [chooser] = await Promise.all([
        client.waitForEvent('filechooser'),
        clientW.getByRole('button', { name: 'Bifoga fil' }).click(),
      ]);
      await chooser.setFiles({
        name: fileName,
        mimeType: 'application/pdf',
        buffer: Buffer.from(PDF, 'latin1'),
      });
      await send(clientW, `Här är filen (${t})`);
      const link = staffLog.getByRole('link', { name: fileName });
      await link.waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([staff.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(fileName);
      const downloaded = readFileSync(await download.path());
      expect(
        downloaded.toString('latin1'),
        'Nedladdad bilaga skiljer sig från den uppladdade',
      ).toBe(PDF);

      // The staff edits the first message; the client sees the new text and 'Redigerat' live.
      const edited = `Hej Karin, hur mår du idag? (${t})`;
      const mine = messageItem(staffLog, first);
      await mine.getByRole('button', { name: 'Redigera' }).click();
      await staffW.getByRole('textbox', { name: 'Redigera meddelande' }).fill(edited);
      await staffW.getByRole('button', { name: 'Spara' }).click();
      await messageItem(staffLog, edited).waitFor({ timeout: 20_000 });
      const theirs = messageItem(clientLog, edited);
      await theirs.waitFor({ timeout: 20_000 });
      await theirs.getByText('Redigerat', { exact: true }).waitFor({ timeout: 20_000 });
      expect(await messageItem(clientLog, first).count()).toBe(0);

      expect(await notReloaded(staff), 'Personalens sida laddades om').toBe(true);
      expect(await notReloaded(client), 'Klientens sida laddades om').toBe(true);
    } finally {
      await Promise.all([staffContext.close(), clientContext.close()]);
    }
  });

  it('after the client’s socket was cut, exactly the 20 messages sent meanwhile are shown, in order', async () => {
    const adminContext = await newContext();
    const clientContext = await newContext();
    try {
      const [admin, client] = await Promise.all([
        login(adminContext, ADMIN.email),
        login(clientContext, LARS.email),
      ]);
      const t = tag();
      const conversation = await conversationWith(admin, LARS.name);

      const clientW = await openMessages(client);
      const log = await openConversation(clientW, ADMIN.name);
      // The view is live before the cut (a message arrives without a reload).
      const probe = `Före avbrottet (${t})`;
      expect(await apiSend(admin, conversation, [probe])).toEqual([201]);
      await messageItem(log, probe).waitFor({ timeout: 20_000 });

      // Cut: the context goes offline, every WebSocket of the page is closed, none reopens.
      await cutNetwork(clientContext, client);
      const socketsAtCut = await client.evaluate(
        () => (window as unknown as SocketWindow).__sockets.length,
      );

      const expected = Array.from({ length: 20 }, (_, i) => `Offline ${i + 1} av 20 (${t})`);
      const statuses = await apiSend(admin, conversation, expected);
      expect(statuses, 'Alla 20 meddelanden skulle tas emot av servern').toEqual(
        expected.map(() => 201),
      );
      const ours = async () =>
        (await texts(log)).filter((x) => x.endsWith(`(${t})`) && x !== probe);
      // Let at least one reconnect period (5 s) pass while cut. The retry may go through a new
      // WebSocket or through SockJS's XHR transports, which create no WebSocket, so wait for a
      // new socket only up to 12 s and carry on either way: nothing may have been shown.
      await client
        .waitForFunction(
          (n) => (window as unknown as SocketWindow).__sockets.length > n,
          socketsAtCut,
          { timeout: 12_000 },
        )
        .catch(() => undefined);
      expect(await ours(), 'Klienten fick meddelanden trots att uttaget var avbrutet').toEqual([]);

      // Back online: the client reconnects (5 s, maybe via SockJS) and catches up.
      await restoreNetwork(clientContext, client);
      await expect
        .poll(async () => (await ours()).length, {
          timeout: 45_000,
          interval: 500,
          message: 'Klienten visade inte de 20 meddelandena efter återanslutningen',
        })
        .toBeGreaterThanOrEqual(20);
      // Give a late duplicate a chance to show up before checking exactness.
      await client.waitForTimeout(1_500);
      expect(await ours(), 'Exakt de 20 meddelandena, i ordning, inga dubbletter').toEqual(
        expected,
      );
      expect(await notReloaded(client), 'Klientens sida laddades om').toBe(true);
    } finally {
      await Promise.all([adminContext.close(), clientContext.close()]);
    }
  });

  it('script-like texts render as inert text on the receiver; an https URL becomes a link', async () => {
    const staffContext = await newContext();
    const clientContext = await newContext();
    try {
      const staff = await login(staffContext, STAFF.email);
      const t = tag();

      // The staff starts a new conversation with Maria through 'Ny konversation'.
      const staffW = await openMessages(staff);
      await staffW.getByRole('button', { name: 'Ny konversation' }).click();
      await staffW.getByRole('searchbox', { name: 'Sök användare' }).fill('Maria');
      await staffW.getByRole('radio', { name: new RegExp(MARIA.name) }).check();
      const hello = `Hej Maria! (${t})`;
      await staffW.getByRole('textbox', { name: 'Meddelande', exact: true }).fill(hello);
      await staffW.getByRole('button', { name: 'Skicka', exact: true }).click();
      await staffW.getByRole('heading', { name: MARIA.name }).waitFor({ timeout: 20_000 });
      const staffLog = staffW.getByRole('log');
      await messageItem(staffLog, hello).waitFor({ timeout: 20_000 });
      const conversation = await conversationWith(staff, MARIA.name);

      const corpus = [
        '<script>window.__pwned=1</script>',
        '<img src=x onerror="window.__pwned=1">',
        'javascript:window.__pwned=1',
        'data:text/html,<script>window.__pwned=1</script>',
        '[klick](javascript:window.__pwned=1)',
        'JAVASCRIPT:alert(1)',
      ];
      const url = 'https://example.com/x';
      const statuses = await apiSend(staff, conversation, [...corpus, url]);
      expect(statuses).toEqual([...corpus, url].map(() => 201));

      const client = await login(clientContext, MARIA.email);
      const clientW = await openMessages(client);
      const log = await openConversation(clientW, STAFF.name);
      await messageItem(log, url).waitFor({ timeout: 20_000 });

      const shown = await texts(log);
      for (const text of corpus) {
        expect(shown, `Texten visas inte ordagrant: ${text}`).toContain(text);
      }
      const report = await log.evaluate((el) => ({
        pwned: (window as unknown as { __pwned?: unknown }).__pwned,
        hrefs: [...el.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? ''),
        scripts: el.querySelectorAll('script').length,
        images: el.querySelectorAll('img, iframe, object, embed, svg image').length,
      }));
      expect(report.pwned, 'window.__pwned sattes: skript kördes').toBeUndefined();
      expect(report.scripts, '<script> skapades i loggen').toBe(0);
      expect(report.images, '<img>/<iframe> skapades i loggen').toBe(0);
      for (const href of report.hrefs) {
        expect(href.trim().toLowerCase(), `Farlig länk: ${href}`).not.toMatch(
          /^(javascript|data):/,
        );
      }
      // Only the https message is a link, and it points where it says.
      expect(report.hrefs).toEqual([url]);
      await messageItem(log, url)
        .getByRole('link', { name: new RegExp(url) })
        .waitFor();
      expect((client as unknown as { dialogs?: string[] }).dialogs ?? []).toEqual([]);
    } finally {
      await Promise.all([staffContext.close(), clientContext.close()]);
    }
  });
});
