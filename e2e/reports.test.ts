// /reports against the started product (issue 13): STAFF opens the clinic's figures for two
// weeks, sends a client a message, and after a reload the staff's message count is one higher
// on screen, in the table and in the CSV she downloads; a client is kept out.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.ts';
import { logIn } from './support/session.ts';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

/** The number under a summary label, as a number (Swedish digit groups dropped). */
const summary = async (page: Page, label: string) => {
  const text = await page
    .getByRole('region', { name: 'Sammanfattning' })
    .locator('div', { has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .textContent();
  return Number((text ?? '').replace(/\s/g, ''));
};

const openTwoWeeks = async (page: Page) => {
  await page.goto(`${product.url}/reports`);
  await page.getByRole('heading', { level: 1, name: 'Rapporter' }).waitFor();
  await page.getByLabel('Period').selectOption('2veckor');
  await page.getByText(/, per dag\.$/).waitFor();
  await page.getByRole('heading', { name: 'Sammanfattning' }).waitFor();
};

describe('reports', () => {
  it('STAFF sees her message counted on screen, in the table and in the CSV', async () => {
    const context = await product.browser.newContext({
      locale: 'sv-SE',
      timezoneId: 'Europe/Stockholm',
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const staff = await context.newPage();
    await logIn(product, staff, 'staff@example.com');
    await openTwoWeeks(staff);
    const before = await summary(staff, 'Meddelanden från personal');

    const clients = (await (
      await staff.request.get(`${product.url}/api/v1/admin/clients`)
    ).json()) as { id: number }[];
    const clientIds = new Set(clients.map((c) => c.id));
    const conversations = (await (
      await staff.request.get(`${product.url}/api/v1/user/messaging/conversations`)
    ).json()) as { conversationId: number; partner: { id: number } }[];
    const withClient = conversations.find((c) => clientIds.has(c.partner.id));
    expect(withClient, 'the demo staff has a conversation with a client').toBeDefined();
    const sent = await staff.request.post(
      `${product.url}/api/v1/user/messaging/conversations/${withClient!.conversationId}/messages`,
      {
        headers: { origin: product.url },
        data: { receiverId: withClient!.partner.id, content: 'Hej! Dina provsvar har kommit.' },
      },
    );
    expect(sent.status(), await sent.text()).toBe(201);

    await openTwoWeeks(staff);
    expect(await summary(staff, 'Meddelanden från personal')).toBe(before + 1);
    // Today's row of the messages table: shown on request, staff's column last.
    const figure = staff.getByRole('article', { name: 'Meddelanden' });
    await figure.getByRole('button', { name: 'Visa som tabell (Meddelanden)' }).click();
    const lastRow = figure.getByRole('row').last();
    expect(Number(await lastRow.getByRole('cell').last().textContent())).toBeGreaterThanOrEqual(1);
    await figure.locator('[data-testid="report-chart"] canvas').waitFor();

    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('button', { name: 'Exportera CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('rapport_2veckor.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\ufeffDag;Nya klienter;Aktiva klienter;')).toBe(true);
    const lines = csv.split('\r\n');
    const total = lines.find((l) => l.startsWith('Hela perioden;'))!.split(';');
    expect(Number(total[4])).toBe(before + 1);
    await context.close();
  });

  it('a client is not let in', async () => {
    const context = await product.browser.newContext({ locale: 'sv-SE' });
    const client = await context.newPage();
    await logIn(product, client, 'klient@example.com');
    const res = await client.request.get(`${product.url}/api/v1/admin/reports?interval=30dagar`);
    expect(res.status()).toBe(403);
    await client.goto(`${product.url}/reports`);
    await client.waitForLoadState('networkidle');
    expect(await client.getByRole('heading', { name: 'Rapporter' }).count()).toBe(0);
    await context.close();
  });
});
