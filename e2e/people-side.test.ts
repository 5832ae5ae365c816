// Care teams from the person's side and a role change that asks first (issue 35 items 5 and 6),
// in Debian Chromium against the started product with the demo data: on 'Personal' ADMIN opens
// the demo coach's clients, finds a client outside her team by name and adds her; the coach then
// finds the client in her list and opens her page. 'Gör till administratör' asks first and says
// what it means: 'Avbryt' changes nothing; after the change a status with 'Ångra' stands where
// the button was, and 'Ångra' takes it back.
import { describe, expect, it } from 'vitest';
import { useProduct } from './support/product.ts';
import { logIn } from './support/session.ts';

const run = useProduct();
const newPage = (viewport?: { width: number; height: number }) => run.newPage(viewport);

interface Person {
  id: number;
  firstName: string;
  lastName: string;
}

describe("care teams from the person's side (issue 35)", () => {
  it('ADMIN adds a client to the coach on /staff; the coach then reads her; a role change asks first', async () => {
    const product = run.product;
    const admin = await newPage();
    await logIn(product, admin, 'admin@example.com');

    // The demo coach, and a demo client outside her care team (the demo has one, §4.14).
    const { coach, outsider } = await admin.evaluate(async () => {
      const json = async <T>(url: string) => (await (await fetch(url)).json()) as T;
      const staff = await json<(Person & { email: string })[]>('/api/v1/admin/staff/accounts');
      const coach = staff.find((s) => s.email === 'staff@example.com')!;
      const mine = await json<{ clients: Person[] }>(`/api/v1/admin/users/${coach.id}/clients`);
      const all = await json<Person[]>('/api/v1/admin/clients');
      const outsider = all.find((c) => !mine.clients.some((m) => m.id === c.id))!;
      return { coach, outsider };
    });
    const coachName = `${coach.firstName} ${coach.lastName}`;
    const clientName = `${outsider.firstName} ${outsider.lastName}`;

    // The coach does not see her yet.
    const coachPage = await newPage();
    await logIn(product, coachPage, 'staff@example.com');
    await coachPage.goto(`${product.url}/clients`);
    await coachPage.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await coachPage.getByRole('link', { name: clientName }).count()).toBe(0);

    // ADMIN opens the coach's clients from her row on 'Personal' and adds the client there.
    await admin.getByRole('link', { name: 'Personal' }).first().click();
    await admin.waitForURL(/\/staff$/);
    const row = admin.getByRole('row').filter({ hasText: 'staff@example.com' });
    await row.getByRole('button', { name: new RegExp(`klienter? för ${coachName}$`) }).click();
    const dialog = admin.getByRole('dialog', { name: `Klienter för ${coachName}` });
    await dialog.getByRole('searchbox', { name: 'Lägg till klient' }).fill(outsider.lastName);
    await dialog.getByRole('button', { name: `Lägg till ${clientName}` }).click();
    await dialog
      .getByText(`${clientName} är tillagd. ${coachName} kan nu läsa uppgifter om klienten.`)
      .waitFor();
    await dialog
      .getByRole('list', { name: `Klienter för ${coachName}` })
      .getByText(clientName)
      .waitFor();
    await admin.screenshot({ path: '/tmp/e2e-people-side-added.png' });
    await dialog.getByRole('button', { name: 'Stäng' }).click();

    // The coach now finds her in her list and reads her page.
    await coachPage.goto(`${product.url}/clients`);
    await coachPage.getByRole('link', { name: clientName }).first().click();
    await coachPage.getByRole('heading', { name: 'Personuppgifter' }).waitFor();
    await coachPage.context().close();

    // 'Gör till administratör' asks first and says what it means; 'Avbryt' changes nothing.
    const roleOf = () =>
      admin.evaluate(async (id) => {
        const r = await fetch('/api/v1/admin/staff/accounts');
        return ((await r.json()) as { id: number; role: string }[]).find((a) => a.id === id)?.role;
      }, coach.id);
    await row.getByRole('button', { name: 'Gör till administratör' }).click();
    const confirm = admin.getByRole('dialog', { name: `Göra ${coachName} till administratör?` });
    await confirm.getByText(/kan .* läsa alla klienters uppgifter/).waitFor();
    await admin.screenshot({ path: '/tmp/e2e-people-side-role.png' });
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await roleOf()).toBe('STAFF');

    // Confirmed: a status with 'Ångra' where the button was, never 'Gör till personal'.
    await row.getByRole('button', { name: 'Gör till administratör' }).click();
    await confirm.getByRole('button', { name: 'Gör till administratör' }).click();
    await row
      .getByRole('status')
      .filter({ hasText: `${coachName} är nu administratör.` })
      .waitFor();
    expect(await row.getByRole('button', { name: 'Gör till personal' }).count()).toBe(0);
    expect(await roleOf()).toBe('ADMIN');
    await row.getByRole('button', { name: `Ångra rollbytet för ${coachName}` }).click();
    await row.getByRole('button', { name: 'Gör till administratör' }).waitFor();
    expect(await roleOf()).toBe('STAFF');
    await admin.context().close();
  });
});
