// Appointments end to end (issue 13), in Debian Chromium against the started product: STAFF
// finds Karin through 'Sök klient' on /appointments and books a meeting with her; Karin's open
// /appointments page shows it under 'Kommande möten' without a reload (her APPOINTMENT notice
// revalidates the list), and her .ics download is an RFC 5545 calendar in Stockholm time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.ts';
import { logIn } from './support/session.ts';

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
  const context = await browser.newContext({
    locale: 'sv-SE',
    timezoneId: 'Europe/Stockholm',
    viewport,
  });
  return context.newPage();
}

describe('appointments', () => {
  it('STAFF books a meeting with Karin; her open /appointments page shows it live', async () => {
    const client = await newPage({ width: 375, height: 812 });
    await logIn(product, client, 'klient@example.com');
    await client.goto(`${product.url}/appointments`);
    await client.getByRole('heading', { level: 1, name: 'Bokningar' }).waitFor();
    // The demo's coming follow-up is there from the start (seed).
    await client.getByText('Uppföljning av handlingsplanen och järnvärdet.').waitFor();

    const staff = await newPage();
    await logIn(product, staff, 'staff@example.com');
    await staff.goto(`${product.url}/appointments`);
    await staff.getByRole('heading', { name: 'Boka möte' }).waitFor();
    // No client chosen yet: the form says how to choose one, and offers no 'Boka'.
    await staff
      .getByText('Välj en klient under ”Visa en klients möten” för att boka ett möte.')
      .waitFor();
    expect(await staff.getByRole('button', { name: 'Boka', exact: true }).count()).toBe(0);
    await staff.getByLabel('Sök klient').fill('Karin');
    await staff
      .getByRole('list', { name: 'Sökträffar' })
      .getByRole('button', { name: /Karin Johansson/ })
      .click();
    await staff.getByText('Visar möten med Karin Johansson.').waitFor();
    const form = staff.getByRole('form', { name: 'Boka möte' });
    await form.getByText('Klient: Karin Johansson').waitFor();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Datum').fill(tomorrow);
    await form.getByLabel('Tid').fill('10:30');
    await form.getByLabel('Längd (minuter)').fill('30');
    await form.getByLabel('Plats').fill('Mottagningen, rum 3');
    await form.getByRole('button', { name: 'Boka' }).click();
    await staff.getByText('Mötet är bokat.').waitFor();
    await staff.screenshot({ path: '/tmp/e2e-appointments-staff.png', fullPage: true });

    // Karin's page, never reloaded, lists the meeting.
    const item = client.getByRole('listitem').filter({ hasText: 'Plats: Mottagningen, rum 3' });
    await item.waitFor({ timeout: 15_000 });
    await expect(item.innerText()).resolves.toContain('kl. 10:30 · 30 min');
    await client.screenshot({ path: '/tmp/e2e-appointments-client.png', fullPage: true });

    const list = await client.request.get(`${product.url}/api/v1/user/appointments`);
    const booked = ((await list.json()) as { id: number; place: string | null }[]).find(
      (a) => a.place === 'Mottagningen, rum 3',
    );
    const ics = await client.request.get(
      `${product.url}/api/v1/user/appointments/${booked!.id}/ics`,
    );
    expect(ics.status()).toBe(200);
    const text = await ics.text();
    expect(text).toContain(`DTSTART;TZID=Europe/Stockholm:${tomorrow.replace(/-/g, '')}T103000`);
    expect(text).toContain('LOCATION:Mottagningen\\, rum 3');
  });
});
