// Screenshot baselines of the people-and-access screens (design §4.14): 'Personal' (the list,
// adding and deactivating people), the care team on a client's page, the 403 without a care
// relation and its 'Nödåtkomst' dialog, and 'Logguppföljning'. Each story runs its loaders (MSW
// with the story's handlers) and is shot once its data is on screen, without its play function,
// at 375 px (phone) and 1280 px (staff desk). States its stories reach only in their play
// functions (a dialog opened, a form sent, a tab chosen) come from a step the test takes itself.
// A page is shot whole, in a viewport tall enough to paint it (nothing below the viewport is);
// a dialog, fixed to the viewport, is shot on its own in a phone-high one.
import { afterAll, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { signInSettingLabels, STAFF_MESSAGES } from '@halsa/api';
import { holdStill, mountStory, shoot, shootDialog } from './shoot';
import * as careTeamEditor from '../src/screens/clients/care-team-editor/care-team-editor.stories';
import * as emergencyAccess from '../src/screens/clients/emergency-access/emergency-access-dialog.stories';
import * as noCareRelation from '../src/screens/clients/emergency-access/no-care-relation.stories';
import * as review from '../src/screens/activity/review/review.stories';
import * as addStaff from '../src/screens/staff/staff-list/add-staff.stories';
import * as staffList from '../src/screens/staff/staff-list/staff-list.stories';

holdStill();

afterAll(async () => {
  await page.viewport(800, 600);
});

const WIDTHS = [375, 1280] as const;
/** Holds the longest page (the staff list as cards at 375 px). */
const PAGE_HEIGHT = 2000;
/** A phone's height: a dialog taller than `100dvh - 2rem` scrolls inside. */
const DIALOG_HEIGHT = 900;

type Module = Record<string, unknown>;

/** Mounts `story` in a viewport `width` wide, once `ready` (exactly) is on screen. */
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

/** Waits for each text (its first match) to be on screen. */
async function visible(...texts: string[]) {
  for (const text of texts) {
    await expect.element(page.getByText(text, { exact: true }).first()).toBeVisible();
  }
}

/** Shoots a whole page, which must not scroll sideways. */
async function shootPage(container: HTMLElement) {
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  await shoot(container);
}

/** The row of the staff table headed by `name`. */
const staffRow = (name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

/** Opens 'Lägg till personal' once the list is there. */
async function openAddStaff(width: number, story: string) {
  await show(width, addStaff, story, 'Erik Johansson', DIALOG_HEIGHT);
  await userEvent.click(page.getByRole('button', { name: 'Lägg till personal' }));
  const dialog = page.getByRole('dialog', { name: 'Lägg till personal' });
  await expect.element(dialog.getByRole('textbox', { name: 'Förnamn' })).toBeVisible();
  return dialog;
}

/** Clicks `name`'s 'Inaktivera' and returns the confirmation. */
async function deactivate(name: string) {
  await userEvent.click(staffRow(name).getByRole('button', { name: 'Inaktivera' }));
  const dialog = page.getByRole('dialog', { name: `Inaktivera ${name}?` });
  await expect.element(dialog.getByText(/loggas ut direkt/)).toBeVisible();
  return dialog;
}

/** Stories shot as they load: [story, text of its data, texts of its other calls]. */
const loaded: Record<string, [Module, string, string, string[]?][]> = {
  personal: [
    [
      staffList,
      'Lista',
      'Erik Johansson',
      [STAFF_MESSAGES.careTeamOnly, signInSettingLabels.staffStrongSignIn],
    ],
    [
      staffList,
      'Tom',
      'Ingen personal ännu.',
      [STAFF_MESSAGES.careTeamOnly, signInSettingLabels.staffStrongSignIn],
    ],
  ],
  vardteam: [[careTeamEditor, 'PersonalSerTeamet', 'Erik Johansson']],
  'ingen-vardrelation': [
    [noCareRelation, 'MedNodatkomst', 'Du har ingen vårdrelation med klienten.'],
  ],
  logguppfoljning: [
    [
      review,
      'Lista',
      'Erik Johansson läste Ahmed Haddads uppgifter',
      ['Läsningar utanför vårdteamet'],
    ],
    [review, 'Tom', 'Inga nödåtkomster att granska.', ['Inga mönster att titta på.']],
  ],
};

for (const [group, stories] of Object.entries(loaded)) {
  describe(group, () => {
    for (const [module, story, ready, alsoReady = []] of stories) {
      for (const width of WIDTHS) {
        test(`${story} ${width} px`, async () => {
          const container = await show(width, module, story, ready);
          await visible(...alsoReady);
          await shootPage(container);
        });
      }
    }
  });
}

describe('personal', () => {
  for (const width of WIDTHS) {
    test(`LaggTill ${width} px`, async () => {
      await shootDialog(await openAddStaff(width, 'LaggTill'));
    });

    test(`EpostFinns ${width} px`, async () => {
      const dialog = await openAddStaff(width, 'EpostFinns');
      await userEvent.fill(dialog.getByRole('textbox', { name: 'Förnamn' }), 'Erik');
      await userEvent.fill(dialog.getByRole('textbox', { name: 'Efternamn' }), 'Johansson');
      await userEvent.fill(
        dialog.getByRole('textbox', { name: 'E-postadress' }),
        'staff@example.com',
      );
      await userEvent.click(dialog.getByRole('button', { name: 'Lägg till', exact: true }));
      await expect.element(dialog.getByRole('alert')).toHaveTextContent(STAFF_MESSAGES.emailTaken);
      await shootDialog(dialog);
    });

    test(`Inaktivera ${width} px`, async () => {
      await show(width, staffList, 'Inaktivera', 'Erik Johansson', DIALOG_HEIGHT);
      await shootDialog(await deactivate('Erik Johansson'));
    });

    test(`SistaAdministratoren ${width} px`, async () => {
      await show(width, staffList, 'SistaAdministratoren', 'Per Åberg', DIALOG_HEIGHT);
      const dialog = await deactivate('Per Åberg');
      await userEvent.click(dialog.getByRole('button', { name: 'Inaktivera' }));
      await expect.element(dialog.getByRole('alert')).toHaveTextContent(STAFF_MESSAGES.lastAdmin);
      await shootDialog(dialog);
    });
  }
});

describe('vardteam', () => {
  for (const width of WIDTHS) {
    // ADMIN edits: the chosen team, and a search with its hit.
    test(`AdminAndrar ${width} px`, async () => {
      const container = await show(width, careTeamEditor, 'AdminAndrar', 'Erik Johansson');
      await userEvent.click(page.getByRole('button', { name: 'Ändra vårdteam' }));
      await userEvent.fill(page.getByRole('searchbox', { name: 'Sök personal' }), 'hol');
      const hits = page.getByRole('list', { name: 'Sökträffar' });
      await expect.element(hits.getByText('Sara Holmberg')).toBeVisible();
      await shootPage(container);
    });
  }
});

describe('nodatkomst', () => {
  const opened = 'Du är inte med i vårdteamet för Ahmed Haddad.';
  for (const width of WIDTHS) {
    test(`Dialog ${width} px`, async () => {
      await show(width, emergencyAccess, 'Dialog', opened, DIALOG_HEIGHT);
      await shootDialog(page.getByRole('dialog', { name: 'Nödåtkomst till Ahmed Haddad' }), {
        blur: true,
      });
    });

    test(`AnnatUtanKommentar ${width} px`, async () => {
      await show(width, emergencyAccess, 'AnnatUtanKommentar', opened, DIALOG_HEIGHT);
      const dialog = page.getByRole('dialog', { name: 'Nödåtkomst till Ahmed Haddad' });
      await userEvent.click(dialog.getByRole('radio', { name: 'Annat' }));
      await userEvent.click(dialog.getByRole('button', { name: 'Öppna nödåtkomst' }));
      await expect.element(dialog.getByText('Beskriv skälet när du väljer Annat.')).toBeVisible();
      await shootDialog(dialog);
    });
  }
});

describe('logguppfoljning', () => {
  for (const width of WIDTHS) {
    test(`Granskade ${width} px`, async () => {
      const container = await show(
        width,
        review,
        'Granskade',
        'Erik Johansson läste Ahmed Haddads uppgifter',
      );
      await userEvent.click(page.getByRole('tab', { name: 'Granskade' }));
      await visible('Granskad 11 november 2026 kl. 09:15 av Maria Berg');
      await shootPage(container);
    });
  }
});
