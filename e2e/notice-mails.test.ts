// Notice mails end to end (issue 24, design §4.16), in Debian Chromium against the started
// product with a loopback SMTP catcher: an ADMIN uploads a lab result for the demo client Karin
// through her client page; Karin, who has 'Nya provsvar' on by default, gets ONE mail that names
// no analysis and no file and links to /lab-results (opened after she logs in); she turns the
// setting off on /profile/notifications; the next upload mails nothing.
//
// Why "no mail" is proven, not just observed: a second lab result inside the 15-minute window
// would be held even with the setting on (notice_batches.pending = 1, due when the window ends),
// so an empty inbox after a few seconds says nothing by itself. The test therefore waits past a
// tick of the background task and then, with the server stopped, reads the server's notice state
// from its database: with the setting off the upload left nothing waiting to be mailed (pending 0,
// no due time) and no second lab mail in the outbox. The same read after a control upload for
// another client with the setting on (Lars, also in his window) shows one pending, so the read
// does tell the two cases apart.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.ts';
import { openDatabase } from '../packages/server/src/db/index.ts';
import { startMailbox, type Mailbox } from './support/mailbox.ts';
import { runServer, type Product, type ServerProcess } from './support/product.ts';
import { logIn } from './support/session.ts';
import { openClientTab } from './support/client-pages.ts';

// The product as support/product.ts starts it, but keeping its DATA_DIR until the end, so the
// server's notice state can be read once it has stopped.
let product: Product;
let server: ServerProcess;
let mailbox: Mailbox;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  dataDir = mkdtempSync(join(tmpdir(), 'halsa-e2e-notice-'));
  const seeded = inject('seededDataDir');
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  server = await runServer({ DATA_DIR: dataDir, SMTP_URL: mailbox.url });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  product = {
    url: server.url,
    mailbox,
    browser,
    output: server.output,
    stop: () => server.stop(),
  };
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const KARIN = 'klient@example.com';
const LARS = 'lars.nilsson@example.com';
const LAB_SUBJECT = 'Nya provsvar i Hälsoportalen';
/** A lab report as the client page takes it (PDF), naming analyses and values inside. */
const labPdf = (day: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% Provtagning ${day}: Hemoglobin (Hb) 718-7 140 g/L; Kolesterol 6,4 mmol/L\n% ${'x'.repeat(2000)}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
/** What a notice mail must never carry: names of analyses, values, the file's name. */
const HEALTH_DATA = /Hemoglobin|Kolesterol|718-7|mmol|g\/L|Provsvar_e2e|\.pdf/i;
/** The background task runs every 15 s; waiting past two ticks leaves nothing in flight. */
const PAST_TWO_TICKS_MS = 35_000;

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ locale: 'sv-SE', viewport });
  return context.newPage();
}

const labMailsTo = (to: string) =>
  mailbox.mails.filter((m) => m.to.includes(to) && m.subject === LAB_SUBJECT);

/** ADMIN uploads a lab PDF for `name` through the client page's 'Lab Resultat' tab. */
async function uploadThroughClientPage(admin: Page, search: string, name: string, file: string) {
  await admin.goto(`${product.url}/clients`);
  await admin.getByRole('searchbox', { name: 'Sök klient' }).fill(search);
  await admin.getByRole('link', { name }).click();
  await admin.waitForURL(/\/clients\/\d+\/overview$/);
  await openClientTab(admin, 'Lab Resultat');
  await admin.locator('input[type="file"]').setInputFiles({
    name: file,
    mimeType: 'application/pdf',
    buffer: labPdf(file.endsWith('_2.pdf') ? '2026-11-02' : '2026-10-01'),
  });
  await admin
    .getByText('Filen har laddats upp')
    .last()
    .waitFor()
    .catch(async (error: unknown) => {
      await admin.screenshot({ path: '/tmp/e2e-notice-upload.png', fullPage: true });
      throw error;
    });
}

describe('notice mails', () => {
  it('mails Karin once with no health data, opens /lab-results after login, and stops when she turns it off', async () => {
    const admin = await newPage();
    await logIn(product, admin, 'admin@example.com');

    // 1. A lab result for Karin, who has 'Nya provsvar' on (a USER's default), and one for Lars.
    await uploadThroughClientPage(admin, 'kari', 'Karin Johansson', 'Provsvar_e2e_1.pdf');
    await uploadThroughClientPage(admin, 'Lars', 'Lars Nilsson', 'Provsvar_e2e_1.pdf');
    const mail = await mailbox.waitFor(KARIN, (m) => m.subject === LAB_SUBJECT, 30_000);
    await mailbox.waitFor(LARS, (m) => m.subject === LAB_SUBJECT, 30_000);

    // ONE mail: nothing more comes after a tick of the background task.
    await new Promise((r) => setTimeout(r, 16_000));
    expect(labMailsTo(KARIN)).toHaveLength(1);
    expect(mail.text).toContain('Du har nya provsvar i Hälsoportalen.');
    expect(mail.text).not.toMatch(HEALTH_DATA);
    expect(mail.raw).not.toMatch(HEALTH_DATA);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    const link = new RegExp(`${product.url}/lab-results(?=[\\s"<>]|$)`).exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();

    // 2. The link, opened signed out, asks for a login and then opens /lab-results.
    const karin = await newPage({ width: 375, height: 812 });
    await karin.goto(link!);
    await karin.waitForURL(/\/login$/);
    await logIn(product, karin, KARIN, undefined, { here: true, landsOn: /\/lab-results$/ });
    await karin.getByRole('heading', { level: 1, name: 'Provsvar' }).waitFor();

    // 3. She turns 'Nya provsvar' off on /profile/notifications; the list stays on the page.
    await karin.goto(`${product.url}/profile/notifications`);
    const settings = karin.getByRole('region', { name: 'E-postavisering' });
    const lab = settings.getByRole('checkbox', { name: 'Nya provsvar' });
    await expect.poll(() => lab.isChecked(), { timeout: 15_000 }).toBe(true);
    await karin.getByRole('region', { name: 'Alla notiser' }).waitFor();
    await lab.uncheck();
    await settings.getByRole('status').getByText('Inställningen är sparad.').waitFor();
    await karin.screenshot({ path: '/tmp/e2e-notice-mails.png', fullPage: true });
    const saved = await karin.request.get(`${product.url}/api/v1/user/notification-settings`);
    expect(await saved.json()).toMatchObject({ LAB_RESULT: false, NEW_MESSAGE: true });
    // After a reload it is still off.
    await karin.reload();
    await expect
      .poll(() => karin.getByRole('checkbox', { name: 'Nya provsvar' }).isChecked(), {
        timeout: 15_000,
      })
      .toBe(false);

    // 4. The next upload for Karin (and the control upload for Lars, whose setting is on).
    await uploadThroughClientPage(admin, 'kari', 'Karin Johansson', 'Provsvar_e2e_2.pdf');
    await uploadThroughClientPage(admin, 'Lars', 'Lars Nilsson', 'Provsvar_e2e_2.pdf');
    await new Promise((r) => setTimeout(r, PAST_TWO_TICKS_MS));
    expect(labMailsTo(KARIN)).toHaveLength(1);
    for (const m of mailbox.mails.filter((m) => m.to.includes(KARIN))) {
      expect(m.raw).not.toMatch(HEALTH_DATA);
    }
    await karin.context().close();
    await admin.context().close();

    // 5. The server's notice state, read from its database once it has stopped.
    await server.stop();
    const opened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await opened.db
        .selectFrom('notice_batches as b')
        .innerJoin('users as u', 'u.id', 'b.user_id')
        .select(['u.email', 'b.pending', 'b.due_at', 'b.last_sent_at'])
        .where('b.kind', '=', 'LAB_RESULT')
        .where('u.email', 'in', [KARIN, LARS])
        .execute();
      const karinBatch = rows.find((r) => r.email === KARIN);
      const larsBatch = rows.find((r) => r.email === LARS);
      // Karin: the first upload was mailed; the second, with the setting off, left nothing.
      expect(karinBatch).toMatchObject({ pending: 0, due_at: null });
      expect(karinBatch?.last_sent_at).not.toBeNull();
      // Lars (on): his second upload waits for the end of his window, as Karin's would have.
      expect(larsBatch?.pending).toBe(1);
      expect(larsBatch?.due_at).not.toBeNull();
      // And the outbox holds exactly one lab mail to Karin, sent.
      const outbox = await opened.db
        .selectFrom('outbox')
        .select(['payload', 'sent_at'])
        .where('kind', '=', 'MAIL')
        .execute();
      const karinLab = outbox.filter((row) => {
        const payload = (
          typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
        ) as {
          to?: string;
          subject?: string;
        };
        return payload.to === KARIN && payload.subject === LAB_SUBJECT;
      });
      expect(karinLab).toHaveLength(1);
      expect(karinLab[0]?.sent_at).not.toBeNull();
    } finally {
      await opened.close();
    }
  });
});
