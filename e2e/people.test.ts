// People and access end to end (issue 21, design §4.14), in Debian Chromium against the started
// product with a loopback SMTP server: ADMIN adds a STAFF member on 'Personal'; the set-password
// mail arrives; she sets a password and signs in; her client list is empty; a client outside her
// care team shows 403 and 'Nödåtkomst'; with a reason she reads the client; the client sees the
// access with its reason in 'Vem har läst mina uppgifter'; ADMIN reviews it on
// 'Logguppföljning'; ADMIN adds her to the care team and she reads the client without it; ADMIN
// deactivates her while her browser is open: her next click lands on the login page with the
// Swedish reason, and her login is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startProduct, type Product } from './support/product.ts';
import { linkFrom, logIn } from './support/session.ts';

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

const NEW = { first: 'Nora', last: 'Nyberg', email: 'nora.nyberg@example.com' };
const PASSWORD = 'Vardteam2026!';
const DEACTIVATED = 'Kontot är inaktiverat. Kontakta mottagningen.';

describe('people and access', () => {
  it('a new coach, her care team, emergency access and its review, and deactivation', async () => {
    // ADMIN adds the coach on 'Personal'.
    const admin = await newPage();
    await logIn(product, admin, 'admin@example.com');
    await admin.getByRole('link', { name: 'Personal' }).first().click();
    await admin.waitForURL(/\/staff$/);
    await admin.getByRole('heading', { name: 'Personal', level: 1 }).waitFor();
    const mailsBefore = product.mailbox.mails.length;
    await admin.getByRole('button', { name: 'Lägg till personal' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Förnamn').fill(NEW.first);
    await dialog.getByLabel('Efternamn').fill(NEW.last);
    await dialog.getByLabel('E-postadress').fill(NEW.email);
    await dialog.getByRole('button', { name: 'Lägg till', exact: true }).click();
    await admin.getByRole('cell', { name: NEW.email }).first().waitFor();

    // The set-password mail arrives over SMTP; she chooses her password and signs in.
    const mail = await product.mailbox.waitFor(
      NEW.email,
      () => product.mailbox.mails.length > mailsBefore,
    );
    const coach = await newPage();
    await coach.goto(linkFrom(mail.text, '/new-password'));
    await coach.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
    await coach.getByLabel('Bekräfta lösenord').fill(PASSWORD);
    await coach.getByRole('button', { name: /Spara|Sätt|Välj|Uppdatera/ }).click();
    await coach.getByText('Lösenord har satts!').waitFor();
    await logIn(product, coach, NEW.email, PASSWORD);

    // Her client list holds only her care team: nobody yet ('Du har inga klienter ännu.').
    await coach.goto(`${product.url}/clients`);
    await coach
      .getByText(/inga klienter/i)
      .first()
      .waitFor();
    expect(await coach.getByRole('link', { name: 'Karin Johansson' }).count()).toBe(0);

    // Karin is outside her team: 403 and 'Nödåtkomst'.
    const karinId = await admin.evaluate(async () => {
      const r = await fetch('/api/v1/admin/clients?q=Karin&page=1');
      return ((await r.json()) as { items: { id: number }[] }).items[0]!.id;
    });
    await coach.goto(`${product.url}/clients/${karinId}/overview`);
    await coach.getByText('Du har ingen vårdrelation med klienten.').waitFor();
    await coach.getByRole('button', { name: 'Nödåtkomst' }).click();
    const emergency = coach.getByRole('dialog');
    await emergency.getByLabel('Akut vårdbehov').check();
    await emergency.getByRole('button', { name: 'Öppna nödåtkomst' }).click();
    await coach.getByRole('heading', { name: 'Personuppgifter' }).waitFor();
    await coach.screenshot({ path: '/tmp/e2e-people-emergency.png', fullPage: true });

    // Karin sees who read her data, and why.
    const karin = await newPage({ width: 375, height: 812 });
    await logIn(product, karin, 'klient@example.com');
    await karin.goto(`${product.url}/profile/myaccount`);
    const log = karin.getByRole('list', { name: /Vem har läst mina uppgifter/ });
    await log.getByText('Nödåtkomst').first().waitFor();
    await log.getByText('Skäl: Akut vårdbehov').first().waitFor();
    await log.getByText(`${NEW.first} ${NEW.last}`).first().waitFor();
    await karin.screenshot({ path: '/tmp/e2e-people-access-log.png', fullPage: true });
    await karin.context().close();

    // She closes it ('Avsluta nu', design §4.20): an access is reviewed only once closed.
    await coach
      .getByRole('status', { name: 'Nödåtkomst till Karin Johansson' })
      .getByRole('button', { name: 'Avsluta nu' })
      .click();
    await coach.getByText('Du har ingen vårdrelation med Karin Johansson.').waitFor();

    // ADMIN follows it up on 'Logguppföljning' and marks it reviewed.
    await admin.goto(`${product.url}/activity/review`);
    await admin.getByRole('heading', { name: 'Logguppföljning', level: 1 }).waitFor();
    const card = admin.getByRole('article').filter({ hasText: 'Karin Johansson' }).first();
    await card.getByText('Akut vårdbehov').waitFor();
    await card.getByRole('button', { name: 'Markera som granskad' }).click();
    await admin.getByLabel('Kommentar till granskningen').fill('Kontrollerat med Nora.');
    await admin.getByRole('button', { name: 'Spara granskningen' }).click();
    await admin
      .getByText(/Inga nödåtkomster att granska|Inget att granska/)
      .first()
      .waitFor();

    // ADMIN adds her to Karin's care team; she reads Karin without emergency access.
    await admin.goto(`${product.url}/clients/${karinId}/overview`);
    await admin.getByRole('button', { name: 'Ändra vårdteam' }).click();
    await admin.getByLabel('Sök personal').fill('Nora');
    await admin.getByRole('button', { name: `Lägg till ${NEW.first} ${NEW.last}` }).click();
    await admin.getByRole('button', { name: 'Spara vårdteam' }).click();
    await admin
      .getByRole('list', { name: 'Vårdteamet' })
      .getByText(`${NEW.first} ${NEW.last}`)
      .waitFor();
    const accessesOpen = await admin.evaluate(async () => {
      const r = await fetch('/api/v1/admin/activity/review');
      return ((await r.json()) as { emergencyAccesses: unknown[] }).emergencyAccesses.length;
    });
    expect(accessesOpen).toBe(0);
    await coach.goto(`${product.url}/clients`);
    await coach.getByRole('link', { name: 'Karin Johansson' }).click();
    await coach.getByRole('heading', { name: 'Personuppgifter' }).waitFor();
    const lastRead = await admin.evaluate(async (id) => {
      const r = await fetch(`/api/v1/admin/subject/${id}?page=1&size=1&action=CLIENT_VIEWED`);
      return ((await r.json()) as { items: { performedByName: string }[] }).items[0];
    }, karinId);
    expect(lastRead?.performedByName).toBe(`${NEW.first} ${NEW.last}`);

    // ADMIN deactivates her while her browser is open.
    await admin.goto(`${product.url}/staff`);
    const row = admin.getByRole('row').filter({ hasText: NEW.email });
    await row.getByRole('button', { name: 'Inaktivera' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Inaktivera' }).click();
    await row.getByText('Inaktiverad').waitFor();
    // Her next click lands on the login page with the Swedish reason.
    // (Her live socket was closed at once, so the portal may already have gone there.)
    const clients = coach.getByRole('link', { name: 'Klienter' }).first();
    if (await clients.isVisible()) await clients.click({ timeout: 5000 }).catch(() => undefined);
    await coach.waitForURL(/\/login/);
    await coach.getByText(DEACTIVATED).waitFor();
    // And her login is refused, after the password check.
    await coach.getByLabel('E-post').fill(NEW.email);
    await coach.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
    await coach.getByRole('button', { name: 'Logga in', exact: true }).click();
    await coach.getByRole('alert').filter({ hasText: DEACTIVATED }).waitFor();
    await coach.getByRole('button', { name: 'Logga in', exact: true }).waitFor();
    expect(coach.url()).toMatch(/\/login/);
    await coach.screenshot({ path: '/tmp/e2e-people-deactivated.png', fullPage: true });
    await coach.context().close();
    await admin.context().close();
  });
});
