// The client's lab results end to end (issue 13), in Debian Chromium against the started
// product: an ADMIN uploads two structured lab CSVs of design §4.12 for the demo client, the
// second while she is signed in; its notice reaches her bell live, and opening it takes her to
// /lab-results, which shows the latest values with the one above its range flagged in words, a
// trend chart across the two uploads, and the newest file marked new until she opens it.
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

const HEADER = 'analys;loinc;värde;enhet;ref_låg;ref_hög;provtagningsdatum';
const OCTOBER = `${HEADER}\nHemoglobin (Hb);718-7;140;g/L;117;153;2026-10-01\nKolesterol;2093-3;4,8;mmol/L;;5,0;2026-10-01\n`;
const NOVEMBER = `${HEADER}\nHemoglobin (Hb);718-7;142;g/L;117;153;2026-11-02\nKolesterol;2093-3;6,4;mmol/L;;5,0;2026-11-02\n`;

async function newPage(): Promise<Page> {
  const context = await product.browser.newContext({ locale: 'sv-SE' });
  return context.newPage();
}

describe('lab results', () => {
  it('ADMIN uploads two lab CSVs; the client opens the notice and sees values, the flag above range and the trend', async () => {
    const admin = await newPage();
    await logIn(product, admin, 'admin@example.com');
    const clients = await admin.request.get(`${product.url}/api/v1/admin/clients`);
    const klient = ((await clients.json()) as { id: number; email: string }[]).find(
      (c) => c.email === 'klient@example.com',
    )!;
    const uploadLab = async (name: string, text: string) => {
      const res = await admin.request.post(`${product.url}/api/v1/admin/upload-lab/${klient.id}`, {
        headers: { origin: product.url },
        multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(text) } },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    await uploadLab('Provsvar oktober.csv', OCTOBER);

    const page = await newPage();
    await logIn(product, page, 'klient@example.com');
    // The bell in the shell: its name carries the unread count ('Notiser' alone is none).
    const bell = page.getByRole('button', { name: /^Notiser/ });
    const unread = async () =>
      Number(/^Notiser\D*(\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    await expect.poll(unread, { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await unread();

    // The second upload arrives while she is signed in: the notice comes live, no reload.
    await uploadLab('Provsvar november.csv', NOVEMBER);
    await admin.context().close();
    await expect.poll(unread, { timeout: 15_000 }).toBe(before + 1);
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notiser' });
    await panel
      .getByRole('button', { name: /Oläst.*Nya provsvar finns att läsa\./ })
      .first()
      .click();
    await page.waitForURL(/\/lab-results$/);
    const table = page.getByRole('table', { name: 'Senaste värdet för varje analys' });
    await table.waitFor();
    // every part: the values come two rows a frame, each trend's table a frame after its chart,
    // her files last (issue 39)
    await page.getByRole('heading', { level: 2, name: 'Dina filer' }).waitFor();
    const kolesterol = table.getByRole('row').filter({ hasText: 'Kolesterol' });
    await expect(kolesterol.textContent()).resolves.toContain('6,4 mmol/L');
    await expect(kolesterol.textContent()).resolves.toContain('Över referensintervallet');
    const hb = table.getByRole('row').filter({ hasText: 'Hemoglobin (Hb)' });
    await expect(hb.textContent()).resolves.toContain('Inom referensintervallet');
    // a trend across the two uploads, drawn by the lazily loaded chart
    await page.getByRole('heading', { level: 3, name: 'Kolesterol' }).waitFor();
    await page.locator('[data-testid="trend-chart"]').first().scrollIntoViewIfNeeded();
    await page.locator('[data-testid="trend-chart"] canvas').first().waitFor();
    await page.getByRole('button', { name: 'Visa som tabell (Kolesterol)' }).click();
    await expect(
      page
        .getByRole('table', { name: 'Kolesterol: alla värden, äldst först' })
        .getByRole('row')
        .count(),
    ).resolves.toBe(3);
    // the newest file is new until she opens it
    const newest = page.getByRole('listitem').filter({ hasText: 'Provsvar november.csv' });
    await newest.getByText('Ny', { exact: true }).waitFor();
    const download = page.waitForEvent('download');
    await newest.getByRole('button', { name: 'Ladda ner Provsvar november.csv' }).click();
    expect((await download).suggestedFilename()).toBe('Provsvar november.csv');
    await newest.getByText('Ny', { exact: true }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('table', { name: 'Senaste värdet för varje analys' }).waitFor();
    // her files are the last part drawn: counting 'Ny' before they are there proves nothing
    await page.getByRole('listitem').filter({ hasText: 'Provsvar november.csv' }).waitFor();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'Provsvar november.csv' })
        .getByText('Ny', { exact: true })
        .count(),
    ).resolves.toBe(0);
    await page.context().close();
  });
});
