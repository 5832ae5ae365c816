// The journal end to end (issue 12), in Debian Chromium against the started product with a
// loopback SMTP server: STAFF builds a form with three question types, moves a question by
// keyboard and reloads (everything kept); publishing is ADMIN's (issue 22), so STAFF is told so
// and an ADMIN publishes it, picks it for the demo client, fills it in and signs and sends; the
// mail (no health data, a link to /journal) arrives at the SMTP server; the client's bell rises
// live, and opening the DAILY_NOTE notice takes her to /journal, which shows the note with its
// answers.
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

/** The unread count in the bell's accessible name ('Notiser' alone is 0). */
async function bellCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^Notiser/ });
  const name = (await bell.getAttribute('aria-label')) ?? (await bell.innerText());
  return Number(/(\d+)/.exec(name)?.[1] ?? 0);
}

const questionTexts = (page: Page) =>
  page
    .getByRole('textbox', { name: 'Frågetext' })
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
const questionTypes = (page: Page) =>
  page
    .getByRole('combobox', { name: 'Frågetyp' })
    .evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).value));

/** Waits until autosave says 'Sparat' (after any 'Sparar…'). */
async function saved(page: Page) {
  await expect
    .poll(() => page.getByRole('status', { name: 'Sparstatus' }).innerText(), { timeout: 15_000 })
    .toBe('Sparat');
}

describe('journal', () => {
  it('STAFF builds a form; ADMIN publishes it and signs it for Karin; the mail, the bell and the notice to /journal follow', async () => {
    const title = `Uppföljningssamtal ${Date.now().toString(36)}`;

    // ---- STAFF builds the form --------------------------------------------------------------
    const staff = await newPage();
    await logIn(product, staff, 'staff@example.com');
    await staff.goto(`${product.url}/journal/templates`);
    await staff.getByRole('button', { name: 'Nytt formulär' }).click();
    await staff.waitForURL(/\/journal\/templates\/\d+$/);
    const formId = Number(/\/journal\/templates\/(\d+)$/.exec(staff.url())![1]);
    await staff.getByRole('textbox', { name: 'Formulärets namn' }).fill(title);
    await staff.getByRole('textbox', { name: 'Sektionens rubrik' }).fill('Mående');
    const questions: [string, string][] = [
      ['Hur har veckan varit?', 'SHORT_TEXT'],
      ['Sover du bra?', 'YES_NO'],
      ['Hur skattar du din energi?', 'SCALE'],
    ];
    for (const [i, [text, type]] of questions.entries()) {
      await staff.getByRole('button', { name: /^Lägg till fråga/ }).click();
      const card = staff.getByRole('group', { name: `Fråga ${i + 1}` });
      await card.getByRole('textbox', { name: 'Frågetext' }).fill(text);
      await card.getByRole('combobox', { name: 'Frågetyp' }).selectOption(type);
    }
    await saved(staff);
    expect(await questionTexts(staff)).toEqual(questions.map(([t]) => t));

    // The scale question moves to the top by keyboard: space lifts, arrows move, space drops.
    // Each step waits for what dnd-kit announces, so a busy machine cannot skip a key.
    const announced = () =>
      staff
        .locator('[id^="DndLiveRegion"]')
        .allTextContents()
        .then((texts) => texts.join(' '));
    // dnd-kit's keyboard sensor adds its keydown listener one task after it announces the lift
    // (KeyboardSensor.attach), so on a busy machine the first arrow can arrive before anything
    // listens. An arrow is pressed again only while the announcement shows nothing moved; a
    // move too far fails the check.
    const move = async (key: string, expected: string, unmoved: string) => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await staff.keyboard.press(key);
        try {
          await expect.poll(announced, { timeout: 2_000 }).toContain(expected);
          return;
        } catch {
          expect(await announced()).toContain(unmoved);
        }
      }
      throw new Error(`${key} was never heard: '${expected}' not announced`);
    };
    await staff.getByRole('button', { name: /^Flytta fråga 3 i sektion 1/ }).focus();
    await staff.keyboard.press('Space');
    await expect.poll(announced, { timeout: 10_000 }).toContain('lyftes, plats 3 av 3');
    await move('ArrowUp', 'flyttades till plats 2 av 3', 'lyftes, plats 3 av 3');
    await move('ArrowUp', 'flyttades till plats 1 av 3', 'flyttades till plats 2 av 3');
    await staff.keyboard.press('Space');
    await expect.poll(announced, { timeout: 10_000 }).toContain('släpptes på plats 1 av 3');
    const order = ['Hur skattar du din energi?', 'Hur har veckan varit?', 'Sover du bra?'];
    await expect.poll(() => questionTexts(staff)).toEqual(order);
    await saved(staff);

    // A reload shows everything as it was left.
    await staff.reload();
    await staff.getByRole('textbox', { name: 'Formulärets namn' }).waitFor();
    expect(await staff.getByRole('textbox', { name: 'Formulärets namn' }).inputValue()).toBe(title);
    expect(await staff.getByRole('textbox', { name: 'Sektionens rubrik' }).inputValue()).toBe(
      'Mående',
    );
    expect(await questionTexts(staff)).toEqual(order);
    expect(await questionTypes(staff)).toEqual(['SCALE', 'SHORT_TEXT', 'YES_NO']);
    await staff.screenshot({ path: '/tmp/e2e-journal-editor.png', fullPage: true });

    // Publishing is ADMIN's (spec §6; issue 22): STAFF is told why there is no button.
    await staff.getByText('Endast administratörer kan publicera formulär.').waitFor();
    expect(await staff.getByRole('button', { name: 'Publicera', exact: true }).count()).toBe(0);
    const admin = await newPage();
    await logIn(product, admin, 'admin@example.com');
    await admin.goto(`${product.url}/journal/templates/${formId}`);
    await admin.getByRole('button', { name: 'Publicera', exact: true }).click();
    const confirm = admin.getByRole('dialog', { name: 'Publicera formuläret?' });
    await confirm.getByRole('button', { name: 'Publicera' }).click();
    await admin.getByText('Formuläret publicerades.').waitFor();
    await admin.goto(`${product.url}/overview`);

    // ---- Karin is signed in, her bell showing what the server has ----------------------------
    const client = await newPage({ width: 375, height: 812 });
    await logIn(product, client, 'klient@example.com');
    const notices = await client.request.get(`${product.url}/api/v1/user/notifications`);
    const before = ((await notices.json()) as { status: string }[]).filter(
      (n) => n.status === 'UNREAD',
    ).length;
    await expect.poll(() => bellCount(client), { timeout: 15_000 }).toBe(before);

    // ---- ADMIN picks the form for Karin, fills it in, signs and sends -----------------------
    await openClientPage(admin, 'kari', 'Karin Johansson');
    await openClientTab(admin, 'Journal');
    await admin.waitForURL(/\/clients\/\d+\/journal$/);
    await admin.getByRole('button', { name: 'Lägg till formulär' }).click();
    const picker = admin.getByRole('dialog', { name: 'Välj formulär' });
    await picker.getByText(title).click();
    await admin.waitForURL(new RegExp(`/clients/\\d+/journal/${formId}$`));

    // The radios are drawn by their labels (the inputs are visually hidden): click the label.
    await admin
      .getByRole('group', { name: 'Hur skattar du din energi?' })
      .getByText('8', { exact: true })
      .click();
    await admin
      .getByRole('textbox', { name: 'Hur har veckan varit?' })
      .fill('Lugnare, fler promenader');
    await admin
      .getByRole('group', { name: 'Sover du bra?' })
      .getByText('Ja', { exact: true })
      .click();
    await expect(
      admin.getByRole('group', { name: 'Sover du bra?' }).getByLabel('Ja').isChecked(),
    ).resolves.toBe(true);
    await expect
      .poll(() => admin.getByText('Sparat', { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    const mailsBefore = product.mailbox.mails.length;
    await admin.getByRole('button', { name: 'Signera och Skicka' }).click();
    await admin.getByText('Formuläret skickades med e-post!').waitFor({ timeout: 15_000 });
    await admin.screenshot({ path: '/tmp/e2e-journal-signed.png', fullPage: true });

    // ---- The mail at the real SMTP server: no health data, a link to /journal ---------------
    const mail = await product.mailbox.waitFor(
      'klient@example.com',
      (m) => product.mailbox.mails.indexOf(m) >= mailsBefore && /journalanteckning/.test(m.subject),
    );
    expect(mail.subject).toBe('Ny journalanteckning från Hälsoportalen');
    expect(mail.text).toContain('journalanteckning från Hälsoportalen. Logga in');
    expect(mail.text).not.toMatch(/Hälsoportalen i Hälsoportalen/);
    expect(mail.text).toContain(`${product.url}/journal`);
    for (const secret of [title, 'Lugnare', 'energi', 'Sover']) {
      expect(mail.text).not.toContain(secret);
    }

    // ---- Karin's bell rises live; its DAILY_NOTE notice opens /journal with the note -------
    await expect.poll(() => bellCount(client), { timeout: 15_000 }).toBe(before + 1);
    await client.getByRole('button', { name: /^Notiser/ }).click();
    await client
      .getByRole('dialog', { name: 'Notiser' })
      .getByRole('button', { name: /Oläst.*Du har fått en ny signerad journalanteckning\./ })
      .first()
      .click();
    await client.waitForURL(/\/journal$/);
    const note = client.getByRole('article').filter({ hasText: title });
    await note.waitFor({ timeout: 15_000 });
    await note.getByText('Lugnare, fler promenader').waitFor();
    await note.getByText('8 av 10').waitFor();
    await note.getByText('Ja', { exact: true }).waitFor();
    await client.screenshot({ path: '/tmp/e2e-journal-client.png', fullPage: true });
  });
});
