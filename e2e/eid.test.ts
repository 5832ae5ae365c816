// 'Logga in med BankID' end to end (issue 33, design §4.18), in Debian Chromium against the
// started demo, whose server runs the test broker at /dev/eid: Karin clicks the button, picks
// herself on 'Testlegitimation – ingen riktig BankID' and lands on /overview signed in, with no
// password and no mail; an unknown number and a deactivated account come back to /login with
// their Swedish texts. The broker's page passes axe.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.ts';
import { logIn } from './support/session.ts';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

async function newPage(): Promise<Page> {
  // bypassCSP: axe is injected into the broker's page, whose policy allows no script.
  const context = await product.browser.newContext({
    locale: 'sv-SE',
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  return context.newPage();
}

const BROKER = 'Testlegitimation – ingen riktig BankID';

/** From /login through the button to the broker's page. */
async function toBroker(page: Page) {
  await page.goto(`${product.url}/login`);
  await page.getByRole('link', { name: 'Logga in med BankID' }).click();
  await page.waitForURL(/\/dev\/eid\/interaction\//);
  await page.getByRole('heading', { level: 1, name: BROKER }).waitFor();
}

describe('logga in med BankID', () => {
  it('Karin picks herself and lands on /overview signed in, with no password and no mail', async () => {
    const page = await newPage();
    const mailsBefore = product.mailbox.mails.length;
    await toBroker(page);
    expect(await page.title()).toBe(BROKER);

    await page.addScriptTag({ path: axePath });
    const violations = await page.evaluate(async () => {
      const result = await (
        window as unknown as {
          axe: { run: () => Promise<{ violations: { id: string; help: string }[] }> };
        }
      ).axe.run();
      return result.violations.map((v) => `${v.id}: ${v.help}`);
    });
    expect(violations).toEqual([]);

    await page.getByRole('button', { name: /Karin Johansson/ }).click();
    await page.waitForURL(/\/overview$/);
    const me = await page.evaluate(async () => (await fetch('/api/v1/auth/me')).json());
    expect(me).toMatchObject({ firstName: 'Karin', lastName: 'Johansson', role: 'USER' });
    expect(product.mailbox.mails.length).toBe(mailsBefore);
  });

  it('an unknown number is sent back to /login with its Swedish text', async () => {
    const page = await newPage();
    await toBroker(page);
    await page.getByLabel('Personnummer (ÅÅÅÅMMDD-NNNN)').fill('19991231-9999');
    await page.getByRole('button', { name: 'Legitimera' }).click();
    await page.waitForURL(/\/login\?eid=no-account$/);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Vi hittar inget konto med ditt personnummer. Kontakta mottagningen.');
    const me = await page.evaluate(async () => (await fetch('/api/v1/auth/me')).status);
    expect(me).toBe(401);
  });

  it('a deactivated account gets the deactivation text', async () => {
    // ADMIN deactivates Maria Östlund (19900623-1286).
    const admin = await newPage();
    await logIn(product, admin, 'admin@example.com');
    const deactivated = await admin.evaluate(async () => {
      const clients = (await (await fetch('/api/v1/admin/clients')).json()) as {
        id: number;
        firstName: string;
        lastName: string;
      }[];
      const maria = clients.find((c) => c.firstName === 'Maria' && c.lastName === 'Östlund')!;
      const res = await fetch(`/api/v1/admin/users/${maria.id}/deactivate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return res.status;
    });
    expect(deactivated).toBeLessThan(300);

    const page = await newPage();
    await toBroker(page);
    await page.getByRole('button', { name: /Maria Östlund/ }).waitFor({ state: 'detached' });
    await page.getByLabel('Personnummer (ÅÅÅÅMMDD-NNNN)').fill('199006231286');
    await page.getByRole('button', { name: 'Legitimera' }).click();
    await page.waitForURL(/\/login\?eid=deactivated$/);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Kontot är inaktiverat. Kontakta mottagningen.');
  });
});
