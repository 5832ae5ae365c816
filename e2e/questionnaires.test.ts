// Health questionnaires end to end (issue 36, design §4.19), in Debian Chromium against the
// started product with demo data and a loopback SMTP catcher: the demo coach (Erik Sandberg)
// sends 'Hälsodeklaration inför hälsokontroll' to Maria Östlund, a client of his care team, from
// her page; the 'Ny enkät' mail arrives over SMTP with no question or answer in it and a link to
// /questionnaires; Maria opens it, signs in, answers about half on her phone, sees 'Sparat',
// reloads and finds her answers (so they are on the server: unsaved answers live only in the
// tab's memory); she goes offline, answers the rest, sees that they wait, comes back online and
// sees them saved (a reload shows them), then 'Skicka in' with its confirmation. The coach reads
// them on her Journal tab marked as her own answers, starts a note from them with
// 'Skapa anteckning från svaren' (the care team may, design §4.19), finds them quoted and signs.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useProduct } from './support/product.ts';
import { logIn } from './support/session.ts';
import { openClientPage, openClientTab } from './support/client-pages.ts';

const run = useProduct();

const MARIA = 'maria.ostlund@example.com';
const TITLE = 'Hälsodeklaration inför hälsokontroll';
const MAIL_SUBJECT = 'Ny enkät i Hälsoportalen';
const OFFLINE_TEXT = 'Ingen anslutning. Svaren finns kvar och sparas när anslutningen är tillbaka.';
/** What Maria writes in her own words, offline: it must reach the coach and never a mail. */
const OWN_WORDS = 'Yrsel på morgonen när jag reser mig snabbt.';
const MEDICINE = 'Levaxin 50 mikrogram varje morgon';

/** The save status of the page ('Sparar…', 'Sparat', the offline text …). */
const saveStatus = (page: Page) => page.getByRole('status', { name: 'Sparstatus' }).innerText();

async function saved(page: Page) {
  await expect.poll(() => saveStatus(page), { timeout: 20_000 }).toBe('Sparat');
}

/** The question's group (choices) or field, by the start of its text. */
const group = (page: Page, text: string) =>
  page.getByRole('group', { name: new RegExp(`^${text.replace(/[?()]/g, '\\$&')}`) });
const field = (page: Page, text: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${text.replace(/[?()]/g, '\\$&')}`) });
/** A radio or checkbox is drawn by its label (a scale's input is visually hidden). */
const choose = (page: Page, question: string, choice: string) =>
  group(page, question).getByText(choice, { exact: true }).click();
const isChecked = (page: Page, question: string, choice: string) =>
  group(page, question).getByLabel(choice, { exact: true }).isChecked();

describe('health questionnaires', () => {
  it('the coach sends one to Maria; she answers on her phone through a reload and a lost connection and sends it in; the coach starts a note from it', async () => {
    const { product } = run;

    // ---- The coach sends the demo questionnaire from Maria's page ------------------------------
    const coach = await run.newPage();
    await logIn(product, coach, 'staff@example.com');
    await openClientPage(coach, 'Maria', 'Maria Östlund');
    const mailsBefore = product.mailbox.mails.length;
    await coach.getByRole('button', { name: 'Skicka enkät', exact: true }).click();
    const dialog = coach.getByRole('dialog', { name: 'Skicka enkät till Maria Östlund' });
    await dialog.getByRole('combobox', { name: 'Enkät' }).selectOption({ label: TITLE });
    await dialog.getByRole('button', { name: 'Skicka enkät', exact: true }).click();
    await coach.getByText(`Enkäten ”${TITLE}” skickades till Maria Östlund.`).waitFor();
    await coach.getByRole('region', { name: 'Öppna enkäter' }).getByText(TITLE).waitFor();

    // ---- The mail at the SMTP server: no health data, a link to /questionnaires ---------------
    const mail = await product.mailbox.waitFor(
      MARIA,
      (m) => product.mailbox.mails.indexOf(m) >= mailsBefore && m.subject === MAIL_SUBJECT,
      30_000,
    );
    expect(mail.text).toContain('Du har fått en enkät att fylla i i Hälsoportalen.');
    const link = new RegExp(`${product.url}/questionnaires(?=[\\s"<>]|$)`).exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    for (const secret of [TITLE, 'Röker', 'läkemedel', 'Ärftlighet', 'besvär', 'Vikt']) {
      expect(mail.raw).not.toContain(secret);
      expect(mail.text).not.toContain(secret);
    }

    // ---- Maria opens the link on her phone, signs in and opens the questionnaire -------------
    const maria = await run.newPage({ width: 360, height: 780 });
    await maria.goto(link!);
    await maria.waitForURL(/\/login$/);
    await logIn(product, maria, MARIA, undefined, { here: true, landsOn: /\/questionnaires$/ });
    await maria.getByRole('heading', { level: 1, name: 'Enkäter' }).waitFor();
    await maria.getByRole('link', { name: new RegExp(`^${TITLE}`) }).click();
    await maria.waitForURL(/\/questionnaires\/\d+$/);
    await maria.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // About half (7 of 15): the habits and the symptoms she has.
    await choose(maria, 'Hur ofta är du fysiskt aktiv', '3–4 dagar i veckan');
    await choose(maria, 'Röker du?', 'Nej');
    await choose(maria, 'Använder du snus?', 'Nej');
    await field(maria, 'Hur många glas alkohol').fill('2');
    await choose(maria, 'Hur skattar du din sömn?', '7');
    await choose(maria, 'Hur skattar du din stressnivå?', '4');
    await group(maria, 'Har du något av följande besvär?')
      .getByText('Yrsel', { exact: true })
      .click();
    await saved(maria);

    // A reload shows them: they came back from the server.
    await maria.reload();
    await maria.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await group(maria, 'Röker du?').waitFor();
    expect(await isChecked(maria, 'Hur ofta är du fysiskt aktiv', '3–4 dagar i veckan')).toBe(true);
    expect(await isChecked(maria, 'Röker du?', 'Nej')).toBe(true);
    expect(await isChecked(maria, 'Använder du snus?', 'Nej')).toBe(true);
    expect(await field(maria, 'Hur många glas alkohol').inputValue()).toBe('2');
    expect(await isChecked(maria, 'Hur skattar du din sömn?', '7')).toBe(true);
    expect(await isChecked(maria, 'Hur skattar du din stressnivå?', '4')).toBe(true);
    expect(await isChecked(maria, 'Har du något av följande besvär?', 'Yrsel')).toBe(true);
    expect(await isChecked(maria, 'Har du något av följande besvär?', 'Huvudvärk')).toBe(false);
    expect(await field(maria, 'Beskriv besvären').inputValue()).toBe('');

    // ---- Offline, she answers the rest; the page says they wait ---------------------------------
    await maria.context().setOffline(true);
    await field(maria, 'Beskriv besvären').fill(OWN_WORDS);
    await choose(maria, 'Tar du några läkemedel regelbundet?', 'Ja');
    await field(maria, 'Vilka läkemedel och vilken dos?').fill(MEDICINE);
    await field(maria, 'Längd').fill('168');
    await field(maria, 'Vikt').fill('64');
    await maria.getByLabel('När tog du senast blodprov?').fill('2026-09-15');
    await group(maria, 'Finns något av följande i din nära familj?')
      .getByText('Diabetes', { exact: true })
      .click();
    await field(maria, 'Övrigt du vill att vi känner till').fill('Pollenallergi');
    await expect.poll(() => saveStatus(maria), { timeout: 20_000 }).toContain(OFFLINE_TEXT);
    await maria.screenshot({ path: '/tmp/e2e-questionnaire-offline.png', fullPage: true });

    // Back online: they are sent by themselves, and a reload shows them from the server.
    await maria.context().setOffline(false);
    await saved(maria);
    await maria.reload();
    await group(maria, 'Röker du?').waitFor();
    expect(await field(maria, 'Beskriv besvären').inputValue()).toBe(OWN_WORDS);
    expect(await field(maria, 'Vilka läkemedel och vilken dos?').inputValue()).toBe(MEDICINE);
    expect(await field(maria, 'Vikt').inputValue()).toBe('64');
    expect(await maria.getByLabel('När tog du senast blodprov?').inputValue()).toBe('2026-09-15');
    expect(await isChecked(maria, 'Finns något av följande i din nära familj?', 'Diabetes')).toBe(
      true,
    );
    expect(await isChecked(maria, 'Röker du?', 'Nej')).toBe(true);

    // ---- 'Skicka in' with its confirmation freezes them -------------------------------------
    await maria.getByRole('button', { name: 'Skicka in', exact: true }).click();
    const confirm = maria.getByRole('dialog', { name: 'Skicka in enkäten?' });
    await confirm.getByText('När du har skickat in dina svar kan du inte ändra dem.').waitFor();
    await confirm.getByRole('button', { name: 'Skicka in', exact: true }).click();
    await maria.getByText('Tack! Dina svar är inskickade.').waitFor();
    const mine = maria.getByRole('article', { name: `Dina svar: ${TITLE}` });
    await mine.getByText('Svaren kan inte längre ändras.').waitFor({ timeout: 15_000 });
    await mine.getByText(MEDICINE).waitFor();
    expect(await maria.getByRole('button', { name: 'Skicka in', exact: true }).count()).toBe(0);
    await maria.screenshot({ path: '/tmp/e2e-questionnaire-submitted.png', fullPage: true });

    // ---- The coach reads them on her Journal tab, marked as her own answers -------------------
    await openClientTab(coach, 'Journal');
    await coach.waitForURL(/\/clients\/\d+\/journal$/);
    const answers = coach.getByRole('article', { name: `${TITLE}, klientens egna svar` });
    await answers.waitFor({ timeout: 15_000 });
    await answers.getByText('Klientens egna svar', { exact: true }).waitFor();
    await answers.getByText(OWN_WORDS).waitFor();
    await answers.getByText(MEDICINE).waitFor();
    await coach.screenshot({ path: '/tmp/e2e-questionnaire-staff.png', fullPage: true });

    // ---- … and starts a note from them, with them quoted, and signs it ----------------------
    await answers.getByRole('button', { name: `Skapa anteckning från svaren i ${TITLE}` }).click();
    const pick = coach.getByRole('dialog', { name: 'Skapa anteckning från svaren' });
    await pick
      .getByRole('list', { name: 'Journalformulär' })
      .getByRole('button', { name: 'Hälsosamtal', exact: true })
      .click();
    await coach.waitForURL(/\/clients\/\d+\/journal\/\d+$/);
    const quoted = field(coach, 'Hur har du mått sedan förra samtalet?');
    await expect
      .poll(() => quoted.inputValue(), { timeout: 15_000 })
      .toContain(`Klientens egna svar i enkäten ”${TITLE}”`);
    const text = await quoted.inputValue();
    expect(text).toContain(`Vilka läkemedel och vilken dos?: ${MEDICINE}`);
    expect(text).toContain(`Beskriv besvären med egna ord: ${OWN_WORDS}`);
    await saved(coach);
    await coach.getByRole('button', { name: 'Signera och Skicka' }).click();
    await coach.getByText('Formuläret skickades med e-post!').waitFor({ timeout: 15_000 });
    await coach.screenshot({ path: '/tmp/e2e-questionnaire-note.png', fullPage: true });
  });
});
