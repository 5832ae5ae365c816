// Screenshot baselines of 'Logga in med BankID' on /login (design §4.18, issue 33): the button
// under the password form, a refusal the server sent her back with, and the wait after the
// click, at 360 px (phone) and 1280 px. Each story is mounted with its loaders (MSW) but without
// its play function; the wait comes from a click taken here.
import { afterAll, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { holdStill, mountStory, shoot } from './shoot';
import * as stories from '../src/screens/auth/login/eid-login.stories';

holdStill();

afterAll(async () => {
  await page.viewport(800, 600);
});

const WIDTHS = [360, 1280] as const;
/** The signed-out page: its card and footer. */
const HEIGHT = 1200;

type Module = Record<string, unknown>;

async function shootPage(container: HTMLElement) {
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  await shoot(container);
}

describe('logga in med BankID', () => {
  for (const width of WIDTHS) {
    test(`Knappen ${width} px`, async () => {
      await page.viewport(width, HEIGHT);
      const container = await mountStory(stories as Module, 'Knappen', 'Logga in med BankID', {
        exact: true,
      });
      await shootPage(container);
    });

    test(`IngetKonto ${width} px`, async () => {
      await page.viewport(width, HEIGHT);
      const container = await mountStory(
        stories as Module,
        'IngetKonto',
        'Vi hittar inget konto med ditt personnummer. Kontakta mottagningen.',
      );
      await expect.element(page.getByRole('link', { name: 'Logga in med BankID' })).toBeVisible();
      await shootPage(container);
    });

    test(`Vantar ${width} px`, async () => {
      await page.viewport(width, 400);
      const container = await mountStory(stories as Module, 'Vantar', 'Logga in med BankID', {
        exact: true,
      });
      await userEvent.click(page.getByRole('link', { name: 'Logga in med BankID' }));
      await expect.element(page.getByText('Öppnar BankID…')).toBeVisible();
      await shootPage(container);
    });
  }
});
