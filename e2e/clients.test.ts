// Client management end to end (issue 11), in Debian Chromium against the started product with
// a loopback SMTP server: an ADMIN finds the demo client by typing part of her name, uploads a
// PDF in Lab Resultat and sees it in the history; the client's bell rises live and the file
// downloads byte-identical through her own call; the ADMIN sends a reset link whose mailed link
// sets a new password; STAFF in the care team gets Översikt, Journal, Lab Resultat and
// Handlingsplan (design §4.7); a USER on /clients/1 sees 'Åtkomst nekad'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.ts';
import { linkFrom, logIn } from './support/session.ts';
import { openClientPage, openClientTab } from './support/client-pages.ts';

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = product.browser;
});
afterAll(async () => {
  await product?.stop();
});

const PDF = Buffer.from(
  `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${'x'.repeat(2000)}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
);

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ locale: 'sv-SE', viewport });
  return context.newPage();
}

/** The unread count in the bell's accessible name ('Notiser' alone is 0). */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notiser/ });
  const name = (await bell.getAttribute('aria-label')) ?? (await bell.innerText());
  return Number(/(\d+)/.exec(name)?.[1] ?? 0);
}

describe('client management', () => {
  it('ADMIN finds Karin, uploads a lab PDF; Karin is notified live and downloads the same bytes', async () => {
    const client = await newPage({ width: 375, height: 812 });
    await logIn(product, client, 'klient@example.com');
    // Her unread count as the server has it, and the bell showing it, before the upload.
    const notices = await client.request.get(`${product.url}/api/v1/user/notifications`);
    const before = ((await notices.json()) as { status: string }[]).filter(
      (n) => n.status === 'UNREAD',
    ).length;
    await expect.poll(() => bellCount(client), { timeout: 15_000 }).toBe(before);

    const admin = await newPage();
    await logIn(product, admin, 'admin@example.com');
    await openClientPage(admin, 'kari', 'Karin Johansson');
    await admin.getByRole('heading', { name: 'Personuppgifter' }).waitFor();
    await admin.screenshot({ path: '/tmp/e2e-client-overview.png', fullPage: true });
    const clientId = Number(/\/clients\/(\d+)\//.exec(admin.url())![1]);

    await openClientTab(admin, 'Lab Resultat');
    await admin.locator('input[type="file"]').setInputFiles({
      name: 'Blodprov_e2e.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await admin.getByText('Filen har laddats upp').waitFor();
    await admin.getByRole('button', { name: 'Visa historik' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Historik för provsvar' });
    await dialog.getByText('Blodprov_e2e.pdf').waitFor();
    await admin.screenshot({ path: '/tmp/e2e-client-history.png' });

    // Her bell rises without a reload.
    await expect.poll(() => bellCount(client), { timeout: 15_000 }).toBe(before + 1);

    // Her own call returns the same bytes (whatever userId she sends, it is hers).
    const download = await client.request.get(
      `${product.url}/api/v1/user/download/lab-data/Blodprov_e2e.pdf?userId=${clientId}`,
    );
    expect(download.status()).toBe(200);
    expect(Buffer.compare(await download.body(), PDF)).toBe(0);
    await client.context().close();
    await admin.context().close();
  });

  it('ADMIN sends a reset link; the mailed link sets a new password that logs in', async () => {
    const admin = await newPage();
    await logIn(product, admin, 'admin@example.com');
    await admin.goto(`${product.url}/clients`);
    await admin.getByRole('searchbox', { name: 'Sök klient' }).fill('Lars');
    await admin.getByRole('link', { name: 'Lars Nilsson' }).click();
    await admin.getByRole('heading', { name: 'Personuppgifter' }).waitFor();
    const before = product.mailbox.mails.length;
    // The key asks first (issue 35): it names the client and where the mail goes.
    await admin
      .getByRole('button', { name: 'Skicka länk för nytt lösenord till Lars Nilsson' })
      .click();
    const confirm = admin.getByRole('dialog', {
      name: 'Skicka länk för nytt lösenord till Lars Nilsson?',
    });
    await confirm.getByText(/lars\.nilsson@example\.com/).waitFor();
    expect(product.mailbox.mails.length).toBe(before);
    await confirm.getByRole('button', { name: 'Skicka länk' }).click();
    await admin.getByText('Återställningslänk skickades till Lars Nilsson').waitFor();
    const mail = await product.mailbox.waitFor(
      'lars.nilsson@example.com',
      () => product.mailbox.mails.length > before,
    );
    const page = await newPage();
    await page.goto(linkFrom(mail.text, '/reset-password'));
    await page.getByLabel('Nytt lösenord', { exact: true }).fill('NyttLosen2026');
    await page.getByLabel('Bekräfta lösenord').fill('NyttLosen2026');
    await page.getByRole('button', { name: /Spara|Uppdatera|Återställ/ }).click();
    await page.getByText('Lösenord har uppdaterats!').waitFor();
    await logIn(product, page, 'lars.nilsson@example.com', 'NyttLosen2026');
    await page.context().close();
    await admin.context().close();
  });

  it('STAFF opens a team client with her four tabs; a USER on /clients/1 sees Åtkomst nekad', async () => {
    const staff = await newPage();
    await logIn(product, staff, 'staff@example.com');
    await staff.goto(`${product.url}/clients`);
    await staff.getByRole('searchbox', { name: 'Sök klient' }).fill('Karin');
    await staff.getByRole('link', { name: 'Karin Johansson' }).click();
    await staff.getByRole('heading', { name: 'Personuppgifter' }).waitFor();
    expect(
      await staff
        .getByRole('navigation', { name: 'Klientflikar' })
        .getByRole('link')
        .allInnerTexts(),
    ).toEqual(['Översikt', 'Journal', 'Lab Resultat', 'Handlingsplan']);
    await staff.screenshot({ path: '/tmp/e2e-clients-staff.png', fullPage: true });

    const user = await newPage({ width: 375, height: 812 });
    await logIn(product, user, 'klient@example.com');
    await user.goto(`${product.url}/clients/1`);
    await user.getByRole('heading', { name: 'Åtkomst nekad' }).waitFor();
    await user.context().close();
    await staff.context().close();
  });
});
