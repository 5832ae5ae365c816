// Staff see one client's meetings (issue 13), in Debian Chromium against the started product:
// STAFF books a meeting with Karin and one with Lars; from Lars's page 'Bokningar' opens
// /appointments narrowed to him (?klient=ID), the booking form booking for him; searching
// for Karin as you type narrows it to her; 'Visa alla klienters möten' shows both again.
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

describe('appointments for one client', () => {
  it("STAFF opens a client's meetings from her page and searches for another", async () => {
    const context = await product.browser.newContext({
      locale: 'sv-SE',
      timezoneId: 'Europe/Stockholm',
      viewport: { width: 1280, height: 900 },
    });
    const staff: Page = await context.newPage();
    await logIn(product, staff, 'staff@example.com');
    const clients = (await (
      await staff.request.get(`${product.url}/api/v1/admin/clients`)
    ).json()) as { id: number; email: string }[];
    const idOf = (email: string) => clients.find((c) => c.email === email)!.id;
    const karin = idOf('klient@example.com');
    const lars = idOf('lars.nilsson@example.com');
    // One after the other: the same staff member cannot have two meetings at once (issue 22).
    const at = (hours: number) => new Date(Date.now() + 2 * 86_400_000 + hours * 3_600_000);
    for (const [clientId, place, startsAt] of [
      [karin, 'Rum Karin', at(0)],
      [lars, 'Rum Lars', at(1)],
    ] as const) {
      const res = await staff.request.post(`${product.url}/api/v1/admin/appointments`, {
        headers: { origin: product.url },
        data: { clientId, startsAt: startsAt.toISOString(), minutes: 30, place },
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    await staff.goto(`${product.url}/clients/${lars}/overview`);
    await staff.getByRole('link', { name: 'Bokningar för Lars Nilsson' }).click();
    await staff.waitForURL(new RegExp(`/appointments\\?klient=${lars}$`));
    await staff.getByText('Visar möten med Lars Nilsson.').waitFor();
    await staff.getByText('Plats: Rum Lars').waitFor();
    expect(await staff.getByText('Plats: Rum Karin').count()).toBe(0);
    // Every meeting listed is his.
    expect(
      await staff
        .getByRole('listitem')
        .getByText(/^Klient: /)
        .allTextContents(),
    ).toEqual(['Klient: Lars Nilsson']);
    // The booking form books for him.
    expect(
      await staff
        .getByRole('form', { name: 'Boka möte' })
        .getByText(/^Klient: /)
        .allTextContents(),
    ).toEqual(['Klient: Lars Nilsson']);

    await staff.getByRole('button', { name: 'Visa alla klienters möten' }).click();
    await staff.getByText('Plats: Rum Karin').waitFor();
    await staff.getByLabel('Sök klient').fill('Johansson');
    await staff
      .getByRole('list', { name: 'Sökträffar' })
      .getByRole('button', { name: /Karin Johansson/ })
      .click();
    await staff.getByText('Visar möten med Karin Johansson.').waitFor();
    await staff
      .getByRole('form', { name: 'Boka möte' })
      .getByText('Klient: Karin Johansson')
      .waitFor();
    await staff.waitForURL(new RegExp(`/appointments\\?klient=${karin}$`));
    await staff.getByText('Plats: Rum Lars').waitFor({ state: 'detached' });
    await staff.getByText('Plats: Rum Karin').waitFor();
    await context.close();
  });
});
