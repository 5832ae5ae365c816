// The signed-out journey end to end, in Debian Chromium against the started product with a
// loopback SMTP server (issue 4): login with the code from the mail, an invitation through
// the wizard to a working account, forgot → link from the mail → new password, and a USER
// on /clients sees the access-denied page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.ts';
import { linkFrom, logIn as logInThroughScreens } from './support/session.ts';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

const PASSWORD = 'Halsa2026!';

async function newPage(): Promise<Page> {
  const context = await product.browser.newContext({ locale: 'sv-SE' });
  return context.newPage();
}

/** Logs in through the screens, reading the 2FA code from the mailbox. */
const logIn = (page: Page, email: string, password: string) =>
  logInThroughScreens(product, page, email, password);

describe('signed-out journey', () => {
  it('logs in with the code from the mail and lands on /overview', async () => {
    const page = await newPage();
    await logIn(page, 'klient@example.com', PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Att göra' }).waitFor();
    await page
      .getByText('Hej Karin!')
      .waitFor()
      .catch(async () => {
        await page.screenshot({ path: '/tmp/e2e-overview.png' });
        throw new Error('Översikten hälsade inte på klienten');
      });
    await page.context().close();
  });

  it('shows the Swedish failure text for a wrong password', async () => {
    const page = await newPage();
    await page.goto(`${product.url}/login`);
    await page.getByLabel('E-post').fill('klient@example.com');
    await page.getByLabel('Lösenord', { exact: true }).fill('Fel-lösenord1');
    await page.getByRole('button', { name: 'Logga in', exact: true }).click();
    await page.getByText('Ogiltig e-postadress eller lösenord.').waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await page.context().close();
  });

  it('a USER on /clients sees the access-denied page', async () => {
    const page = await newPage();
    await logIn(page, 'klient@example.com', PASSWORD);
    await page.goto(`${product.url}/clients`);
    await page.getByRole('heading', { name: 'Åtkomst nekad' }).waitFor();
    await page.getByText('Du har inte behörighet att visa denna sida.').waitFor();
    await page.context().close();
  });

  it('an invitation leads through the wizard to an account that can log in', async () => {
    const email = `ny.klient.${Date.now()}@example.com`;
    const admin = await newPage();
    await logIn(admin, 'admin@example.com', PASSWORD);
    // The invitation is sent by the API the admin's session is allowed to call.
    const status = await admin.evaluate(async (to) => {
      const res = await fetch('/api/v1/admin/invitations', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: to }),
      });
      return res.status;
    }, email);
    expect(status).toBeLessThan(300);
    await admin.context().close();

    const mail = await product.mailbox.waitFor(email);
    const link = linkFrom(mail.text, '/register');
    const page = await newPage();
    await page.goto(link);
    const next = () => page.getByRole('button', { name: 'Nästa' }).click();
    await next(); // intro
    await page.getByLabel('E-post').fill(email);
    await page.getByLabel('Lösenord', { exact: true }).fill('Hjortron2026');
    await page.getByLabel('Bekräfta lösenord').fill('Hjortron2026');
    await next();
    await page.getByLabel('Förnamn').fill('Åsa');
    await page.getByLabel('Efternamn').fill('Öberg-Lind');
    await page.getByLabel('Personnummer', { exact: true }).pressSequentially('198503141234');
    expect(await page.getByLabel('Personnummer', { exact: true }).inputValue()).toBe(
      '19850314-1234',
    );
    await next();
    await page.getByLabel('Telefonnummer').pressSequentially('0701234567');
    await page.getByLabel('Gatuadress').fill('Storgatan 1');
    await page.getByLabel('Postnummer').pressSequentially('11122');
    expect(await page.getByLabel('Postnummer').inputValue()).toBe('111 22');
    await page.getByLabel('Stad').fill('Stockholm');
    await next();
    await page.getByLabel('Acceptera användarvillkor').check();
    await page.getByRole('button', { name: 'Registrera' }).click();
    await page.getByText('Registrering lyckades!').waitFor();
    await page.waitForURL(/\/login$/, { timeout: 10_000 });
    await logIn(page, email, 'Hjortron2026');
    await page.context().close();
  });

  it('forgot password: the link from the mail sets a new password that works', async () => {
    const email = 'staff@example.com';
    const page = await newPage();
    await page.goto(`${product.url}/forgot-password`);
    await page.getByLabel('E-post').fill(email);
    await page.getByRole('button', { name: 'Skicka länk' }).click();
    await page.getByText(/skräpposten/).waitFor();
    const mail = await product.mailbox.waitFor(email, (m) => m.text.includes('/reset-password'));
    await page.goto(linkFrom(mail.text, '/reset-password'));
    await page.getByLabel('Nytt lösenord', { exact: true }).fill('Vinterväg2027');
    await page.getByLabel('Bekräfta lösenord').fill('Vinterväg2027');
    await page.getByRole('button', { name: 'Spara lösenord' }).click();
    await page.getByText('Lösenord har uppdaterats!').waitFor();
    await page.waitForURL(/\/login$/, { timeout: 10_000 });
    await logIn(page, email, 'Vinterväg2027');
    await page.context().close();
  });
});
