// Signing in through the screens with the 2FA code from the loopback mailbox.
import type { Page } from 'playwright-core';
import type { Product } from './product.ts';

export const DEMO_PASSWORD = 'Halsa2026!';

export function codeFrom(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`Ingen kod i mejlet:\n${text}`);
  return code;
}

export function linkFrom(text: string, path: string): string {
  const link = new RegExp(`https?://[^\\s"<>]+${path}\\?token=[^\\s"<>]+`).exec(text)?.[0];
  if (!link) throw new Error(`Ingen länk till ${path} i mejlet:\n${text}`);
  return link;
}

export async function logIn(
  product: Product,
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  /** `here`: the page is already on /login (sent there); `landsOn`: where the code step leads. */
  { here = false, landsOn = /\/overview$/ }: { here?: boolean; landsOn?: RegExp } = {},
) {
  const before = product.mailbox.mails.length;
  if (!here) await page.goto(`${product.url}/login`);
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await page.waitForURL(/\/2fa\?twoFactorId=/);
  const mail = await product.mailbox.waitFor(email, () => product.mailbox.mails.length > before);
  await page.getByRole('textbox', { name: 'Verifieringskod' }).fill(codeFrom(mail.text));
  await page.getByRole('button', { name: 'Verifiera' }).click();
  await page.waitForURL(landsOn);
}
