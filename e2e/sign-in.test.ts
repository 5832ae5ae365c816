// Strong sign-in end to end (issue 32, design §4.17), in Debian Chromium against the started
// product with a loopback SMTP server and Chromium's virtual authenticator (DevTools protocol
// `WebAuthn.addVirtualAuthenticator`: CTAP2, internal transport, resident keys, user
// verification). A client adds a passkey on 'Inloggning och säkerhet', signs out, and signs in
// with 'Logga in med nyckel' alone: no e-mail address, password or mail. ADMIN turns on
// 'Personal måste använda nyckel eller autentiseringsapp' (and adds a key of her own, since the
// rule holds for her too); the STAFF member signs in with the e-mailed code, is led to
// /profile/security, reads no client data, sets up an authenticator app with a code the test
// computes as an app does (otpauth), makes reserve codes, then signs in with the app's code (no
// mail is offered now), with a reserve code, and fails with the same reserve code a second
// time. ADMIN resets her methods: her next sign-in leads her to set up again. (The demo STAFF is Erik
// Sandberg.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import * as OTPAuth from 'otpauth';
import { SECURITY_MESSAGES, signInSettingLabels } from '@halsa/api/contract';
import { startProduct, type Product } from './support/product.ts';
import { DEMO_PASSWORD, logIn } from './support/session.ts';

let product: Product;

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => {
  await product?.stop();
});

async function newPage(): Promise<Page> {
  const context = await product.browser.newContext({
    locale: 'sv-SE',
    viewport: { width: 1280, height: 900 },
  });
  return context.newPage();
}

/** A platform authenticator with resident keys and user verification, as a phone's or a laptop's. */
async function addAuthenticator(page: Page, context: BrowserContext = page.context()) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

async function signOut(page: Page) {
  // From Att göra: the login page then remembers no other page to return to.
  await page.goto(`${product.url}/overview`);
  await page.getByRole('button', { name: /^Användarmeny för / }).click();
  await page.getByRole('menuitem', { name: 'Logga ut' }).click();
  await page.waitForURL(/\/login$/);
}

/** E-mail and password on /login, up to the second step. */
async function password(page: Page, email: string) {
  await page.goto(`${product.url}/login`);
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Logga in', exact: true }).click();
  await page.waitForURL(/\/2fa\?twoFactorId=/);
}

/** Adds a key named `name` on /profile/security (the virtual authenticator answers). */
async function addPasskey(page: Page, name: string) {
  await page.goto(`${product.url}/profile/security`);
  await page.getByRole('button', { name: 'Lägg till nyckel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till nyckel' });
  await dialog.getByLabel('Namn på nyckeln').fill(name);
  await dialog.getByRole('button', { name: 'Fortsätt' }).click();
  await page.getByRole('heading', { level: 3, name }).waitFor();
}

const STEP_MS = 30_000;
const stepOf = (ms: number) => Math.floor(ms / STEP_MS);

describe('strong sign-in', () => {
  it('a client signs in with her passkey alone', async () => {
    const page = await newPage();
    const authenticator = await addAuthenticator(page);
    await logIn(product, page, 'klient@example.com');
    // Through the profile menu.
    await page.goto(`${product.url}/profile/myaccount`);
    await page
      .getByRole('navigation', { name: 'Profilmeny' })
      .getByRole('link', { name: 'Inloggning och säkerhet' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Inloggning och säkerhet' }).waitFor();
    await addPasskey(page, 'Min dator');
    const keys = await authenticator.credentials();
    expect(keys).toHaveLength(1);
    expect(keys[0]!.isResidentCredential).toBe(true);
    await signOut(page);

    const mailsBefore = product.mailbox.mails.length;
    await page.getByRole('button', { name: 'Logga in med nyckel' }).click();
    await page.waitForURL(/\/overview$/);
    await page.getByRole('heading', { level: 1, name: 'Att göra' }).waitFor();
    // No e-mail address, no password, no mail.
    expect(await page.getByLabel('E-post').count()).toBe(0);
    expect(product.mailbox.mails.length).toBe(mailsBefore);
    // The key's last use is on her page.
    await page.goto(`${product.url}/profile/security`);
    await page.getByText(/senast använd nyss/).waitFor();
    await page.context().close();
  });

  it('staff are led to an authenticator app, then sign in with it and a reserve code', async () => {
    // ADMIN turns the staff rule on, and adds a key of her own (the rule holds for her too).
    const admin = await newPage();
    await addAuthenticator(admin);
    await logIn(product, admin, 'admin@example.com');
    await admin.goto(`${product.url}/staff`);
    await admin.getByRole('checkbox', { name: signInSettingLabels.staffStrongSignIn }).click();
    const ask = admin.getByRole('dialog', {
      name: 'Kräv nyckel eller autentiseringsapp av personal?',
    });
    await ask.getByRole('button', { name: 'Slå på' }).click();
    await admin.getByText(`${signInSettingLabels.staffStrongSignIn}: på.`).waitFor();
    await addPasskey(admin, 'Administratörens dator');

    // The STAFF member signs in with the e-mailed code and is led to set up.
    const staff = await newPage();
    await logIn(product, staff, 'staff@example.com', DEMO_PASSWORD, {
      landsOn: /\/profile\/security$/,
    });
    await staff
      .getByText('Mottagningen kräver att personal loggar in med nyckel')
      .first()
      .waitFor();
    // No client data until then: the server's Swedish reason.
    await staff.goto(`${product.url}/clients`);
    await staff.getByText(SECURITY_MESSAGES.strongSignInRequired).first().waitFor();

    // The authenticator app: the key as text, a code computed as an app does.
    await staff.getByRole('link', { name: 'Till Inloggning och säkerhet' }).click();
    await staff.getByRole('button', { name: 'Använd autentiseringsapp' }).click();
    const setup = staff.getByRole('dialog', { name: 'Använd autentiseringsapp' });
    await setup.getByRole('img', { name: 'QR-kod för autentiseringsappen' }).waitFor();
    const secret = (await setup.getByLabel('Nyckel att skriva in').textContent())!.replace(
      /\s/g,
      '',
    );
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret),
      digits: 6,
      period: 30,
      algorithm: 'SHA1',
    });
    const enrolledAt = Date.now();
    await setup.getByLabel('Kod från appen').fill(totp.generate({ timestamp: enrolledAt }));
    await setup.getByRole('button', { name: 'Bekräfta' }).click();
    await staff.getByText('Autentiseringsappen är tillagd.').waitFor();
    await staff.getByRole('heading', { level: 3, name: 'Autentiseringsapp' }).waitFor();

    // Reserve codes, shown once.
    await staff.getByRole('button', { name: 'Skapa reservkoder' }).click();
    const fresh = staff.getByRole('list', { name: 'Dina nya reservkoder' });
    await fresh.waitFor();
    const codes = await fresh.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await staff.getByRole('button', { name: 'Jag har sparat koderna' }).click();

    // Client data opens at once.
    await staff.goto(`${product.url}/clients`);
    await staff.getByRole('heading', { level: 1, name: 'Klienter' }).waitFor();
    expect(await staff.getByText(SECURITY_MESSAGES.strongSignInRequired).count()).toBe(0);
    await signOut(staff);

    // Password, then the app's code; the e-mailed code is no longer offered, no mail is sent.
    const mailsBefore = product.mailbox.mails.length;
    await password(staff, 'staff@example.com');
    await staff
      .getByRole('heading', { level: 1, name: 'Ange koden från din autentiseringsapp' })
      .waitFor();
    await staff.getByRole('button', { name: 'Välj ett annat sätt' }).click();
    await staff.getByRole('button', { name: 'Använd en reservkod' }).waitFor();
    expect(await staff.getByRole('button', { name: 'Skicka en kod till min e-post' }).count()).toBe(
      0,
    );
    await staff.getByRole('button', { name: 'Välj ett annat sätt' }).click();
    // The step used to confirm the app is spent: the next one (within the server's window).
    const now = Date.now();
    const at = stepOf(now) > stepOf(enrolledAt) ? now : (stepOf(enrolledAt) + 1) * STEP_MS;
    await staff.getByLabel('Kod från autentiseringsappen').fill(totp.generate({ timestamp: at }));
    await staff.getByRole('button', { name: 'Verifiera' }).click();
    await staff.waitForURL(/\/overview$/);
    expect(product.mailbox.mails.length).toBe(mailsBefore);
    await signOut(staff);

    // A reserve code, through 'Välj ett annat sätt'.
    await password(staff, 'staff@example.com');
    await staff.getByRole('button', { name: 'Välj ett annat sätt' }).click();
    await staff.getByRole('button', { name: 'Använd en reservkod' }).click();
    await staff.getByRole('textbox', { name: 'Reservkod' }).fill(codes[0]!);
    await staff.getByRole('button', { name: 'Verifiera' }).click();
    await staff.waitForURL(/\/overview$/);
    await signOut(staff);

    // The same reserve code a second time is refused.
    await password(staff, 'staff@example.com');
    await staff.getByRole('button', { name: 'Välj ett annat sätt' }).click();
    await staff.getByRole('button', { name: 'Använd en reservkod' }).click();
    await staff.getByRole('textbox', { name: 'Reservkod' }).fill(codes[0]!);
    await staff.getByRole('button', { name: 'Verifiera' }).click();
    await staff
      .getByRole('alert')
      .filter({ hasText: SECURITY_MESSAGES.reserveCodeWrong })
      .waitFor();
    expect(staff.url()).toMatch(/\/2fa\?/);

    // ADMIN resets her methods (she lost her phone): she signs in by mail and sets up again.
    await admin.goto(`${product.url}/staff`);
    const row = admin
      .getByRole('row')
      .filter({ has: admin.getByRole('rowheader', { name: 'Erik Sandberg' }) });
    await row.getByRole('button', { name: 'Återställ inloggningsmetoder' }).click();
    const reset = admin.getByRole('dialog', {
      name: 'Återställ inloggningsmetoder för Erik Sandberg?',
    });
    await reset.getByRole('button', { name: 'Återställ' }).click();
    await admin.getByText('Inloggningsmetoderna för Erik Sandberg är återställda.').waitFor();

    await logIn(product, staff, 'staff@example.com', DEMO_PASSWORD, {
      landsOn: /\/profile\/security$/,
    });
    await staff
      .getByRole('heading', { name: 'Du har ingen nyckel eller autentiseringsapp ännu.' })
      .waitFor();
    for (const p of [admin, staff]) await p.context().close();
  });
});
