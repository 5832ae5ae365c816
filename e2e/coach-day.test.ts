// A coach's and a clinic manager's day (issue 35), in Debian Chromium against the started product
// with demo data: the demo coach (Erik Sandberg) reads her team client Karin's values and trend
// from Karin's page; outside his team he opens 'Nödåtkomst' to Eva Björk, sees the banner and
// closes it; ADMIN sees the notice and the menu count and reviews the access after it closed;
// Eva's 'Vem har läst mina uppgifter' shows one line for Erik that day with the reason's label.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.ts';
import { logIn } from './support/session.ts';
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

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ locale: 'sv-SE', viewport });
  return context.newPage();
}

const EVA_SSN = '19650930-3368';

describe("a coach's and a clinic manager's day", () => {
  it("the coach reads her team client's values and trend from the client's page", async () => {
    const coach = await newPage();
    await logIn(product, coach, 'staff@example.com');
    await openClientPage(coach, 'Karin', 'Karin Johansson');
    const tabs = coach.getByRole('navigation', { name: 'Klientflikar' });
    await tabs.getByRole('link', { name: 'Handlingsplan' }).waitFor();
    expect(await tabs.getByRole('link').allInnerTexts()).toEqual([
      'Översikt',
      'Journal',
      'Lab Resultat',
      'Handlingsplan',
    ]);
    await coach.getByRole('heading', { name: 'Nästa möte' }).waitFor();
    await coach.getByRole('heading', { name: 'Senaste meddelande' }).waitFor();
    await openClientTab(coach, 'Lab Resultat');
    const table = coach.getByRole('table', { name: 'Senaste värdet för varje analys' });
    await table.waitFor({ timeout: 20_000 });
    const hb = table.getByRole('row').filter({ hasText: 'Hemoglobin (Hb)' });
    expect(await hb.innerText()).toContain('g/L');
    await coach.getByRole('heading', { name: 'Utveckling över tid' }).waitFor();
    await coach.getByRole('button', { name: 'Visa som tabell (Hemoglobin (Hb))' }).click();
    const trend = coach.getByRole('table', { name: 'Hemoglobin (Hb): alla värden, äldst först' });
    expect(await trend.getByRole('row').count()).toBeGreaterThan(2);
    await coach.screenshot({ path: '/tmp/coach-day-lab-1280.png', fullPage: true });
    await coach.setViewportSize({ width: 320, height: 800 });
    await coach.screenshot({ path: '/tmp/coach-day-lab-320.png', fullPage: true });
    await coach.context().close();
  });

  it('outside his team the coach opens emergency access, sees the banner and closes it; ADMIN is told, reviews it; Eva sees one line', async () => {
    const admin = await newPage();
    await logIn(product, admin, 'admin@example.com');
    const reviewLink = admin
      .getByRole('navigation', { name: 'Huvudmeny' })
      .getByRole('link', { name: /^Logguppföljning/ });
    await reviewLink.waitFor();
    const countBefore = Number(
      /(\d+) att granska/.exec((await reviewLink.innerText()) ?? '')?.[1] ?? 0,
    );

    const coach = await newPage();
    await logIn(product, coach, 'staff@example.com');
    await coach.getByRole('link', { name: 'Klienter' }).first().click();
    await coach.getByRole('searchbox', { name: 'Sök klient' }).fill(EVA_SSN);
    const hit = coach.getByRole('region', { name: 'Träff på personnummer' });
    await hit.getByRole('button', { name: 'Nödåtkomst' }).click();
    const dialog = coach.getByRole('dialog', { name: 'Nödåtkomst till Eva Björk' });
    await dialog.getByText(/Klienten ser att du har läst hennes uppgifter och skälet/).waitFor();
    await dialog.getByRole('radio', { name: 'Annat' }).check();
    await dialog.getByRole('textbox', { name: 'Kommentar' }).fill('Kollegan Astrid är sjukskriven');
    await dialog.getByRole('button', { name: 'Öppna nödåtkomst' }).click();
    await coach.waitForURL(/\/clients\/\d+\/overview$/);
    const banner = coach.getByRole('status', { name: 'Nödåtkomst till Eva Björk' });
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/Nödåtkomst till \d\d:\d\d – allt du läser loggas/);
    await coach.getByRole('heading', { name: 'Personuppgifter' }).waitFor();
    await openClientTab(coach, 'Journal');
    await openClientTab(coach, 'Lab Resultat');
    await banner.waitFor();
    await coach.screenshot({ path: '/tmp/coach-day-banner-1280.png', fullPage: true });
    await coach.setViewportSize({ width: 320, height: 800 });
    await coach.screenshot({ path: '/tmp/coach-day-banner-320.png', fullPage: true });

    // ADMIN: the notice in the bell and the count in the menu, while it is still open
    await admin.reload();
    await expect
      .poll(async () => (await reviewLink.innerText()).replace(/\s+/g, ' '), { timeout: 20_000 })
      .toContain(`${countBefore + 1} att granska`);
    await admin.getByRole('button', { name: /^Notiser, \d+ oläst/ }).click();
    await admin
      .getByText(/Erik Sandberg öppnade nödåtkomst till Eva Björk \(Annat\)/)
      .first()
      .waitFor();
    await admin.keyboard.press('Escape');
    await reviewLink.click();
    await admin.waitForURL(/\/activity\/review$/);
    const card = admin
      .getByRole('article')
      .filter({ hasText: 'Erik Sandberg läste Eva Björks uppgifter' })
      .first();
    await card.getByText('Nödåtkomsten är fortfarande öppen.', { exact: false }).waitFor();
    expect(await card.getByRole('button', { name: 'Markera som granskad' }).count()).toBe(0);

    // the coach closes it: the page is closed to him again and names her
    await banner.getByRole('button', { name: 'Avsluta nu' }).click();
    await coach
      .getByRole('heading', { name: 'Du har ingen vårdrelation med Eva Björk.' })
      .waitFor();
    expect(await banner.count()).toBe(0);

    // ADMIN reviews it now it has closed
    await admin.reload();
    await card.waitFor();
    expect(await card.innerText()).toMatch(/Läste\s+.*(klientöversikt|journal|provsvar)/);
    // In Swedish, never an action code (the demo showed 'client_list_viewed, …').
    expect(await card.innerText()).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    await card.getByRole('button', { name: 'Markera som granskad' }).click();
    await card.getByRole('textbox', { name: 'Kommentar till granskningen' }).fill('I sin ordning.');
    await card.getByRole('button', { name: 'Spara granskningen' }).click();
    await expect
      .poll(async () => (await reviewLink.innerText()).replace(/\s+/g, ' '), { timeout: 20_000 })
      .not.toContain(`${countBefore + 1} att granska`);
    await admin.screenshot({ path: '/tmp/coach-day-review-1280.png', fullPage: true });

    // Eva: one line for Erik that day with the reason's label, never the comment
    const eva = await newPage({ width: 320, height: 800 });
    await logIn(product, eva, 'eva.bjork@example.com');
    await eva.getByRole('button', { name: /^Användarmeny för/ }).click();
    await eva.getByRole('menuitem', { name: 'Vem har läst mina uppgifter' }).click();
    const list = eva.getByRole('list', { name: 'Vem har läst mina uppgifter, senaste först' });
    await list.waitFor({ timeout: 20_000 });
    const erik = list.getByRole('listitem').filter({ hasText: 'Erik Sandberg' });
    expect(await erik.count()).toBe(1);
    const text = await erik.innerText();
    expect(text).toContain('Skäl: Annat');
    expect(text).toContain('Nödåtkomst betyder');
    expect(text).not.toContain('sjukskriven');
    await eva.screenshot({ path: '/tmp/coach-day-access-log-320.png', fullPage: true });
    await eva.setViewportSize({ width: 1280, height: 900 });
    await eva.screenshot({ path: '/tmp/coach-day-access-log-1280.png', fullPage: true });
    await Promise.all([admin, coach, eva].map((p) => p.context().close()));
  });
});
