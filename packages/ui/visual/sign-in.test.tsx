// Screenshot baselines of strong sign-in (design §4.17) at 360 px (phone) and 1280 px (desk):
// 'Inloggning och säkerhet' with keys, empty and led-to-setup, its dialogs (adding a key, a key
// refused, the app's QR code, a wrong code, removal) and reserve codes shown once; the login's
// second step by way ('Bekräfta med din nyckel', the app's code, a reserve code, a wrong code,
// an expired login); '/login' with 'Logga in med nyckel'; /staff's sign-in settings and a
// person's reset. Each story runs its loaders (MSW) without its play function; states reached
// by a click come from a step the test takes itself. The clock stands at the mocks' "now".
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { SECURITY_MESSAGES, signInSettingLabels } from '@halsa/api';
import { MOCK_NOW } from '@halsa/api/mocks';
import { fakeWebAuthn } from '../src/testing';
import { holdStill, mountStory, shoot, shootDialog } from './shoot';
import * as notice from '../src/components/strong-sign-in-notice/strong-sign-in-notice.stories';
import * as login from '../src/screens/auth/login/login.stories';
import * as secondStep from '../src/screens/auth/two-factor/second-step.stories';
import * as security from '../src/screens/profile/security/security.stories';
import * as staffSignIn from '../src/screens/staff/staff-list/sign-in.stories';

holdStill();

beforeAll(() => {
  vi.setSystemTime(MOCK_NOW);
});
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});
afterAll(async () => {
  vi.useRealTimers();
  await page.viewport(800, 600);
});

const WIDTHS = [360, 1280] as const;
const PAGE_HEIGHT = 1600;
const DIALOG_HEIGHT = 900;

type Module = Record<string, unknown>;

async function show(
  width: number,
  module: Module,
  story: string,
  ready: string,
  height = PAGE_HEIGHT,
) {
  await page.viewport(width, height);
  return mountStory(module, story, ready, { exact: true });
}

async function shootPage(container: HTMLElement) {
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  await shoot(container);
}

/** Pages shot as they load: [module, story, text of its data]. */
const pages: [Module, string, string][] = [
  [security, 'Metoder', 'Jobbdatorn'],
  [security, 'Tom', 'Du har ingen nyckel eller autentiseringsapp ännu.'],
  [security, 'MasteLaggaTill', 'Du har ingen nyckel eller autentiseringsapp ännu.'],
  [notice, 'PaKlientsida', SECURITY_MESSAGES.strongSignInRequired],
  [secondStep, 'Nyckel', 'Använd nyckel'],
  [secondStep, 'Autentiseringsapp', 'Kod från autentiseringsappen'],
  [secondStep, 'Utgangen', 'Koden är ogiltig eller har gått ut. Logga in igen.'],
  [login, 'Standard', 'Logga in med nyckel'],
  [staffSignIn, 'Installningar', signInSettingLabels.clientEmailCode],
];

describe('sidor', () => {
  for (const [module, story, ready] of pages) {
    for (const width of WIDTHS) {
      test(`${story} ${width} px`, async () => {
        await shootPage(await show(width, module, story, ready));
      });
    }
  }
});

describe('steg', () => {
  for (const width of WIDTHS) {
    test(`Lägg till nyckel ${width} px`, async () => {
      await show(width, security, 'Metoder', 'Jobbdatorn', DIALOG_HEIGHT);
      await userEvent.click(page.getByRole('button', { name: 'Lägg till nyckel' }));
      const dialog = page.getByRole('dialog', { name: 'Lägg till nyckel' });
      await expect.element(dialog.getByLabelText('Namn på nyckeln')).toBeVisible();
      await shootDialog(dialog);
    });

    test(`Nyckeln nekades ${width} px`, async () => {
      restore = fakeWebAuthn('refuse');
      await show(width, security, 'Metoder', 'Jobbdatorn', DIALOG_HEIGHT);
      await userEvent.click(page.getByRole('button', { name: 'Lägg till nyckel' }));
      const dialog = page.getByRole('dialog', { name: 'Lägg till nyckel' });
      await userEvent.fill(dialog.getByLabelText('Namn på nyckeln'), 'Min telefon');
      await userEvent.click(dialog.getByRole('button', { name: 'Fortsätt' }));
      await expect.element(dialog.getByRole('alert')).toBeVisible();
      await shootDialog(dialog);
    });

    test(`Autentiseringsapp ${width} px`, async () => {
      await show(
        width,
        security,
        'Tom',
        'Du har ingen nyckel eller autentiseringsapp ännu.',
        DIALOG_HEIGHT,
      );
      await userEvent.click(page.getByRole('button', { name: 'Använd autentiseringsapp' }));
      const dialog = page.getByRole('dialog', { name: 'Använd autentiseringsapp' });
      await expect
        .element(dialog.getByRole('img', { name: 'QR-kod för autentiseringsappen' }))
        .toBeVisible();
      await shootDialog(dialog);
    });

    test(`Fel kod från appen ${width} px`, async () => {
      await show(width, security, 'FelKod', 'Jobbdatorn', DIALOG_HEIGHT);
      await userEvent.click(page.getByRole('button', { name: 'Använd autentiseringsapp' }));
      const dialog = page.getByRole('dialog', { name: 'Använd autentiseringsapp' });
      await userEvent.fill(dialog.getByLabelText('Kod från appen'), '000000');
      await userEvent.click(dialog.getByRole('button', { name: 'Bekräfta' }));
      await expect
        .element(dialog.getByRole('alert'))
        .toHaveTextContent(SECURITY_MESSAGES.totpWrong);
      await shootDialog(dialog);
    });

    test(`Reservkoder visas en gång ${width} px`, async () => {
      const container = await show(width, security, 'Tom', 'Du har inga reservkoder.');
      await userEvent.click(page.getByRole('button', { name: 'Skapa reservkoder' }));
      await expect.element(page.getByRole('list', { name: 'Dina nya reservkoder' })).toBeVisible();
      await shootPage(container);
    });

    test(`Ta bort en nyckel ${width} px`, async () => {
      await show(width, security, 'Metoder', 'Jobbdatorn', DIALOG_HEIGHT);
      await userEvent.click(page.getByRole('button', { name: 'Ta bort nyckeln ”Jobbdatorn”' }));
      const dialog = page.getByRole('dialog', { name: 'Ta bort nyckeln ”Jobbdatorn”?' });
      await expect.element(dialog.getByLabelText('Ditt lösenord')).toBeVisible();
      await shootDialog(dialog);
    });

    test(`Reservkod vid inloggning ${width} px`, async () => {
      const container = await show(
        width,
        secondStep,
        'Autentiseringsapp',
        'Kod från autentiseringsappen',
      );
      await userEvent.click(page.getByRole('button', { name: 'Välj ett annat sätt' }));
      await userEvent.click(page.getByRole('button', { name: 'Använd en reservkod' }));
      await expect.element(page.getByLabelText('Reservkod')).toBeVisible();
      await shootPage(container);
    });

    test(`Fel kod vid inloggning ${width} px`, async () => {
      const container = await show(width, secondStep, 'FelAppkod', 'Kod från autentiseringsappen');
      await userEvent.fill(page.getByLabelText('Kod från autentiseringsappen'), '000000');
      await userEvent.click(page.getByRole('button', { name: 'Verifiera' }));
      await expect.element(page.getByRole('alert')).toHaveTextContent(SECURITY_MESSAGES.totpWrong);
      await shootPage(container);
    });

    test(`Återställ inloggningsmetoder ${width} px`, async () => {
      await show(width, staffSignIn, 'Aterstall', 'Erik Johansson', DIALOG_HEIGHT);
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Erik Johansson' }) });
      await userEvent.click(row.getByRole('button', { name: 'Återställ inloggningsmetoder' }));
      const dialog = page.getByRole('dialog', {
        name: 'Återställ inloggningsmetoder för Erik Johansson?',
      });
      await expect.element(dialog.getByRole('button', { name: 'Återställ' })).toBeVisible();
      await shootDialog(dialog);
    });
  }
});
