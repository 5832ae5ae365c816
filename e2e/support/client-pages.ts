// Reaching a client's pages as staff do: Klienter in the menu, the search field, her name.
import type { Page } from 'playwright-core';

/** Klienter → search for `search` → `name`'s client page, on its Översikt tab. */
export async function openClientPage(page: Page, search: string, name: string): Promise<void> {
  await page.getByRole('link', { name: 'Klienter' }).first().click();
  await page.waitForURL(/\/clients$/);
  await page.getByRole('searchbox', { name: 'Sök klient' }).fill(search);
  await page.getByRole('link', { name }).click();
  await page.waitForURL(/\/clients\/\d+\/overview$/);
}

/** The tab `label` of the open client page ('Journal', 'Lab Resultat', …). */
export async function openClientTab(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Klientflikar' })
    .getByRole('link', { name: label })
    .click();
}
