// A laboratory's FHIR R4 report end to end (issue 23, design §4.15), in Debian Chromium against
// the started product: the ADMIN uploads a published FHIR R4 example lab report, unchanged (a
// Bundle with a DiagnosticReport, its panels and Observations; the server's test fixture
// `diagnosticreport-example-ghp.json`, source named in its README), for the demo client Karin
// through her client page's Lab Resultat tab and sees what was read; the history says the same.
// Karin opens the LAB_RESULT notice from the bell and sees on /lab-results the values with their
// flags, the comparators as written ('<1 /uL'), the coded urine results as text, and the
// hemoglobin trend across her demo uploads and the report. Screenshots at 375 and 1280 px.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.ts';
import { logIn } from './support/session.ts';
import { openClientPage, openClientTab } from './support/client-pages.ts';

const REPORT_NAME = 'diagnosticreport-example-ghp.json';
const REPORT = readFileSync(
  new URL(`../packages/server/test/fixtures/fhir/${REPORT_NAME}`, import.meta.url),
);

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

async function newPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await product.browser.newContext({ locale: 'sv-SE', viewport });
  return context.newPage();
}

/** The cells of the latest-values row of `analysis` (exactly), as text. */
async function latestRow(page: Page, analysis: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Senaste värdet för varje analys' });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: analysis, exact: true }) });
  return row.locator('th, td').allTextContents();
}

describe('lab reports (FHIR)', () => {
  it('ADMIN uploads a real FHIR lab report and sees the counts; Karin opens the notice and sees flags, comparators, text results and the trend', async () => {
    const karin = await newPage({ width: 375, height: 812 });
    await logIn(product, karin, 'klient@example.com');
    const bell = karin.getByRole('button', { name: /^Notiser/ });
    const unread = async () =>
      Number(/^Notiser\D*(\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    // Her unread count as the server has it, and the bell showing it, before the upload.
    const notices = await karin.request.get(`${product.url}/api/v1/user/notifications`);
    const before = ((await notices.json()) as { status: string }[]).filter(
      (n) => n.status === 'UNREAD',
    ).length;
    await expect.poll(unread, { timeout: 15_000 }).toBe(before);

    // The ADMIN: Klienter → Karin → Lab Resultat → the report, as the laboratory sent it.
    const admin = await newPage({ width: 1280, height: 900 });
    await logIn(product, admin, 'admin@example.com');
    await openClientPage(admin, 'kari', 'Karin Johansson');
    await openClientTab(admin, 'Lab Resultat');
    await admin.getByText('PDF, PNG, JPG, CSV, JSON, högst 25 MB.').waitFor();
    await admin.locator('input[type="file"]').setInputFiles({
      name: REPORT_NAME,
      mimeType: 'application/fhir+json',
      buffer: REPORT,
    });
    // 44 numeric results, 4 coded urine results: every Observation read, none skipped.
    await admin.getByText('Filen har laddats upp').waitFor();
    await admin.getByText('48 värden lästes, 0 hoppades över').waitFor();
    await admin.getByRole('button', { name: 'Visa historik' }).click();
    const history = admin.getByRole('dialog', { name: 'Historik för provsvar' });
    const item = history.getByRole('listitem').filter({ hasText: REPORT_NAME });
    await item.getByText('48 värden lästes, 0 hoppades över').waitFor();
    await admin.screenshot({ path: '/tmp/e2e-lab-report-admin-1280.png' });
    await admin.context().close();

    // Karin: the notice arrives live; opening it takes her to /lab-results.
    await expect.poll(unread, { timeout: 15_000 }).toBe(before + 1);
    await bell.click();
    await karin
      .getByRole('dialog', { name: 'Notiser' })
      .getByRole('button', { name: /Oläst.*Nya provsvar finns att läsa\./ })
      .first()
      .click();
    await karin.waitForURL(/\/lab-results$/);
    await karin.getByRole('table', { name: 'Senaste värdet för varje analys' }).waitFor();
    // every part: the values come two rows a frame, each trend's table a frame after its chart,
    // her files last (issue 39)
    await karin.getByRole('heading', { level: 2, name: 'Dina filer' }).waitFor();

    // flags against the lab's ranges, comparators as written, dates in Swedish
    expect(await latestRow(karin, 'Haematocrit')).toEqual([
      'Haematocrit',
      '55 %',
      '38–52 %',
      '↑Över referensintervallet',
      '16 augusti 2015',
    ]);
    expect(await latestRow(karin, 'Erythocytes [#/volume] in Urine')).toEqual([
      'Erythocytes [#/volume] in Urine',
      '<1 /uL',
      'Saknas',
      'Ingen bedömning',
      '16 augusti 2015',
    ]);
    expect(await latestRow(karin, 'Potassium [Moles/volume] in Serum or Plasma')).toEqual([
      'Potassium [Moles/volume] in Serum or Plasma',
      '4,2 mmol/L',
      '3,5–5 mmol/L',
      'Inom referensintervallet',
      '16 augusti 2015',
    ]);
    // coded results as text, without a trend
    const texts = karin.getByRole('table', {
      name: 'Provsvar i text, det senaste för varje analys',
    });
    const protein = texts
      .getByRole('row')
      .filter({ has: karin.getByRole('rowheader', { name: 'Protein [Presence] in Urine' }) });
    expect(await protein.locator('th, td').allTextContents()).toEqual([
      'Protein [Presence] in Urine',
      'Negative',
      '16 augusti 2015',
    ]);

    // hemoglobin: her two demo uploads and the report's value, in one trend drawn as a chart
    const trend = karin.getByRole('article', { name: 'Hemoglobin (Hb)' });
    await trend.scrollIntoViewIfNeeded();
    await trend.locator('[data-testid="trend-chart"] canvas').waitFor({ timeout: 15_000 });
    await expect(trend.locator('p').first().textContent()).resolves.toMatch(
      /^3 värden från 16 augusti 2015 till /,
    );
    await trend.getByRole('button', { name: 'Visa som tabell (Hemoglobin (Hb))' }).click();
    const hbRows = trend
      .getByRole('table', { name: 'Hemoglobin (Hb): alla värden, äldst först' })
      .getByRole('row');
    expect(await hbRows.count()).toBe(4);
    expect(await hbRows.nth(1).locator('th, td').allTextContents()).toEqual([
      '16 augusti 2015',
      '176 g/L',
      'Inom referensintervallet',
    ]);

    // nothing cut off sideways, at a phone's width and at a desk's
    for (const width of [375, 1280]) {
      await karin.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await karin.evaluate(() => window.scrollTo(0, 0));
      expect(
        await karin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await karin.screenshot({ path: `/tmp/e2e-lab-report-${width}.png`, fullPage: true });
      await karin.screenshot({ path: `/tmp/e2e-lab-report-top-${width}.png` });
      await texts.scrollIntoViewIfNeeded();
      await texts.screenshot({ path: `/tmp/e2e-lab-report-texts-${width}.png` });
      await trend.scrollIntoViewIfNeeded();
      await trend.screenshot({ path: `/tmp/e2e-lab-report-trend-${width}.png` });
    }
    await karin.context().close();
  });
});
