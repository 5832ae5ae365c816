// My account end to end (issue 13), in Debian Chromium against the started product: the client
// changes her password in one browser; she is told her other sessions were signed out, and her
// other browser is: left open, it moves to the login form on its own and says why (and says it
// again on its next page load). The new password works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.ts';
import { logIn } from './support/session.ts';

let product: Product;

const SIGNED_OUT_NOTICE =
  'Du har loggats ut eftersom lösenordet för ditt konto ändrades. Logga in med ditt nya lösenord.';

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

async function newPage(): Promise<Page> {
  const context = await product.browser.newContext({ locale: 'sv-SE' });
  return context.newPage();
}

describe('my account', () => {
  it('changing the password signs her other browser out', async () => {
    const other = await newPage();
    await logIn(product, other, 'klient@example.com');
    const page = await newPage();
    await logIn(product, page, 'klient@example.com');
    await page.goto(`${product.url}/profile/myaccount`);
    await page.getByRole('heading', { level: 1, name: 'Användarinställningar' }).waitFor();
    await page.getByLabel('Nuvarande lösenord', { exact: true }).fill('Halsa2026!');
    await page.getByLabel('Nytt lösenord', { exact: true }).fill('NyttLösen2026!');
    await page.getByLabel('Bekräfta nytt lösenord', { exact: true }).fill('NyttLösen2026!');
    await page.getByRole('button', { name: 'Byt lösenord' }).click();
    await page
      .getByText('Lösenordet är bytt. Du har loggats ut på alla andra enheter och webbläsare.')
      .waitFor();

    // The other browser, left open on /overview, is signed out at once and told why.
    await other.waitForURL(/\/login$/, { timeout: 15_000 });
    await other.getByRole('status').filter({ hasText: SIGNED_OUT_NOTICE }).waitFor();

    // this browser stays signed in; the other one is signed out
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Användarinställningar' }).waitFor();
    await other.reload();
    await other.waitForURL(/\/login/);
    await other.getByRole('button', { name: 'Logga in', exact: true }).waitFor();
    await other.getByText(SIGNED_OUT_NOTICE).waitFor();

    const again = await newPage();
    await logIn(product, again, 'klient@example.com', 'NyttLösen2026!');
    expect(again.url()).toMatch(/\/overview$/);
    for (const p of [page, other, again]) await p.context().close();
  });
});
