// Screenshot baselines of issue 35 items 5 and 6 at 320, 360 and 1280 px: a person's clients on
// '/staff' (her list, none yet, add with search, remove with confirmation, a server error), the
// role change's confirmation and the status with 'Ångra' that takes the button's place, and the
// key icon's tooltip and confirmation on a client page. Each story is mounted with its loaders but without
// its play function; the test takes the steps to reach the state itself.
import { afterAll, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { holdStill, mountStory, shoot, shootDialog } from './shoot';
import * as clientPages from '../src/screens/clients/client-pages/client-pages.stories';
import * as role from '../src/screens/staff/staff-list/role.stories';
import * as staffClients from '../src/screens/staff/staff-list/staff-clients.stories';

holdStill();

afterAll(async () => {
  await page.viewport(800, 600);
});

const WIDTHS = [320, 360, 1280] as const;
/** A phone's height: a dialog taller than `100dvh - 2rem` scrolls inside. */
const DIALOG_HEIGHT = 900;
/** Holds the staff list as cards at 320 px. */
const PAGE_HEIGHT = 4000;

type Module = Record<string, unknown>;

async function show(width: number, module: Module, story: string, ready: string, height: number) {
  await page.viewport(width, height);
  return mountStory(module, story, ready, { exact: true });
}

const staffRow = (name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

/** Opens `name`'s clients from the count in her row, once they are listed (or said to be none). */
async function openClients(width: number, story: string, name: string, count: string) {
  await show(width, staffClients, story, name, DIALOG_HEIGHT);
  await userEvent.click(staffRow(name).getByRole('button', { name: `${count} för ${name}` }));
  return page.getByRole('dialog', { name: `Klienter för ${name}` });
}

describe('klienter', () => {
  for (const width of WIDTHS) {
    test(`Lista ${width} px`, async () => {
      const dialog = await openClients(width, 'Lista', 'Erik Johansson', '5 klienter');
      await expect.element(dialog.getByText('Elin Öberg')).toBeVisible();
      await shootDialog(dialog, { blur: true });
    });

    test(`Tom ${width} px`, async () => {
      const dialog = await openClients(width, 'Tom', 'Johanna Ek', '0 klienter');
      await expect.element(dialog.getByText('Johanna Ek har inga klienter ännu.')).toBeVisible();
      await shootDialog(dialog, { blur: true });
    });

    test(`LaggTill ${width} px`, async () => {
      const dialog = await openClients(width, 'LaggTill', 'Johanna Ek', '0 klienter');
      await userEvent.fill(dialog.getByRole('searchbox', { name: 'Lägg till klient' }), 'a');
      const hits = dialog.getByRole('list', { name: 'Sökträffar' });
      await expect
        .element(hits.getByRole('button', { name: 'Lägg till Ahmed Haddad' }))
        .toBeVisible();
      await shootDialog(dialog, { blur: true });
    });

    test(`TaBort ${width} px`, async () => {
      const dialog = await openClients(width, 'TaBort', 'Erik Johansson', '5 klienter');
      await userEvent.click(dialog.getByRole('button', { name: 'Ta bort Anna Lindqvist' }));
      const confirm = page.getByRole('dialog', { name: 'Ta bort Anna Lindqvist?' });
      await expect.element(confirm.getByText(/tas bort ur vårdteamet/)).toBeVisible();
      await shootDialog(confirm, { blur: true });
    });

    test(`Fel ${width} px`, async () => {
      const dialog = await openClients(width, 'Fel', 'Erik Johansson', '5 klienter');
      await expect.element(dialog.getByRole('button', { name: 'Försök igen' })).toBeVisible();
      await shootDialog(dialog, { blur: true });
    });
  }
});

describe('roll', () => {
  for (const width of WIDTHS) {
    test(`Bekrafta ${width} px`, async () => {
      await show(width, role, 'TillAdministrator', 'Erik Johansson', DIALOG_HEIGHT);
      await userEvent.click(
        staffRow('Erik Johansson').getByRole('button', { name: 'Gör till administratör' }),
      );
      const dialog = page.getByRole('dialog', { name: 'Göra Erik Johansson till administratör?' });
      await expect.element(dialog.getByText(/läsa alla klienters uppgifter/)).toBeVisible();
      await shootDialog(dialog, { blur: true });
    });

    // After the change: the status with 'Ångra' where the button was, and her own row's note.
    test(`Angra ${width} px`, async () => {
      const container = await show(width, role, 'TillAdministrator', 'Erik Johansson', PAGE_HEIGHT);
      await userEvent.click(
        staffRow('Erik Johansson').getByRole('button', { name: 'Gör till administratör' }),
      );
      await userEvent.click(
        page
          .getByRole('dialog', { name: 'Göra Erik Johansson till administratör?' })
          .getByRole('button', { name: 'Gör till administratör' }),
      );
      await expect
        .element(staffRow('Erik Johansson').getByRole('status'))
        .toHaveTextContent('Erik Johansson är nu administratör.');
      await expect.element(page.getByRole('dialog')).not.toBeInTheDocument();
      // The toast region is not part of the page shot; the row is what changed.
      (document.activeElement as HTMLElement | null)?.blur();
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
      await shoot(container);
    });
  }
});

describe('nytt-losenord', () => {
  for (const width of WIDTHS) {
    test(`Bekrafta ${width} px`, async () => {
      await show(width, clientPages, 'AterstallningslankSkickad', 'Personuppgifter', DIALOG_HEIGHT);
      await userEvent.click(
        page.getByRole('button', { name: 'Skicka länk för nytt lösenord till Anna Lindqvist' }),
      );
      const dialog = page.getByRole('dialog', {
        name: 'Skicka länk för nytt lösenord till Anna Lindqvist?',
      });
      await expect.element(dialog.getByText(/klient@example.com/)).toBeVisible();
      await shootDialog(dialog, { blur: true });
    });

    test(`Verktygstips ${width} px`, async () => {
      const container = await show(
        width,
        clientPages,
        'AterstallningslankSkickad',
        'Personuppgifter',
        PAGE_HEIGHT,
      );
      // Reached with Tab from the icon before it, so the key shows its focus ring whichever
      // test ran before (a programmatic focus after a click shows none).
      const chat = page.getByRole('button', { name: 'Skicka meddelande till Anna Lindqvist' });
      await expect.element(chat).toBeEnabled();
      chat.element().focus();
      await userEvent.keyboard('{Tab}');
      await expect
        .element(
          page.getByRole('button', { name: 'Skicka länk för nytt lösenord till Anna Lindqvist' }),
        )
        .toHaveFocus();
      await expect.element(page.getByRole('tooltip')).toBeVisible();
      // The tooltip fits inside the viewport at 320 px too.
      const box = page.getByRole('tooltip').element().getBoundingClientRect();
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
      await shoot(container);
    });
  }
});
