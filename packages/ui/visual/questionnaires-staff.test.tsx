// Screenshot baselines of the staff side of questionnaires (design §4.19, issue 36 item 7) at
// 320, 360 and 1280 px: the forms list where the purpose is chosen ('Ny enkät till klient' or
// 'Nytt formulär', questionnaires marked 'Enkät till klient'), 'Klientens egna svar' on the
// Journal tab, the 'Skicka enkät' dialog to one client and to several, and the client list with
// two clients selected and the bulk send in its bar (as the portal puts it there), before and
// after a send that one of them already had open. Each story is mounted with its loaders but
// without its play function; the dialogs are opened here and shot on their own. Nothing may be
// wider than the phone.
import type { ComponentType } from 'react';
import { afterAll, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { composeStories } from '@storybook/react-vite';
import type { Client } from '@halsa/api';
import { mockState, questionnaireForm } from '@halsa/api/mocks';
import { holdStill, mountStory, shoot, shootAtWidths, shootDialog } from './shoot';
import * as clientSelect from '../src/screens/clients/client-list/client-list.select.stories';
import * as templates from '../src/screens/journal/form-templates/form-templates.stories';
import * as answers from '../src/screens/questionnaires/client-answers/client-answers.stories';
import * as send from '../src/screens/questionnaires/send-questionnaire/send-questionnaire.stories';
import { SendQuestionnaires } from '../src/screens/questionnaires/send-questionnaire/send-questionnaire';

holdStill();

shootAtWidths([
  ['formular-syfte', templates, 'MedEnkat', 'Hälsodeklaration inför hälsokontroll'],
  ['enkat-klientens-svar', answers, 'EgnaSvar', 'Röker du?'],
]);

const WIDTHS = [320, 360, 1280] as const;
/** A phone's height: a dialog taller than `100dvh - 2rem` scrolls inside. */
const DIALOG_HEIGHT = 900;

afterAll(async () => {
  await page.viewport(800, 600);
});

/** Opens the story's dialog with `trigger` and waits until its questionnaire can be chosen. */
async function openDialog(width: number, story: string, trigger: string, title: string) {
  await page.viewport(width, DIALOG_HEIGHT);
  await mountStory(send, story, trigger, { exact: true });
  await userEvent.click(page.getByRole('button', { name: trigger, exact: true }));
  const dialog = page.getByRole('dialog', { name: title });
  await expect
    .element(dialog.getByRole('option', { name: 'Hälsodeklaration inför hälsokontroll' }))
    .toBeInTheDocument();
  return dialog;
}

/** [test name, story, the button that opens it, the dialog's title] */
const DIALOGS = [
  ['till en klient', 'Skickad', 'Skicka enkät', 'Skicka enkät till Anna Lindqvist'],
  ['till flera klienter', 'TillFlera', 'Skicka enkät (3)', 'Skicka enkät till 3 klienter'],
] as const;

describe('skicka enkät', () => {
  for (const width of WIDTHS) {
    for (const [name, story, trigger, title] of DIALOGS) {
      test(`${name} ${width} px`, async () => {
        await shootDialog(await openDialog(width, story, trigger, title), { blur: true });
        expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
      });
    }
  }
});

type ClientList = ComponentType<{ bulkActions: (selected: Client[]) => React.ReactNode }> & {
  load: () => Promise<void>;
};

/** The client list with the bulk send in its bar, Anna and Lars selected (Anna has it open). */
async function selectTwo(width: number) {
  await page.viewport(width, DIALOG_HEIGHT);
  const List = (composeStories(clientSelect) as unknown as Record<string, ClientList>).IngenVald!;
  await List.load();
  mockState.forms.push(structuredClone(questionnaireForm));
  const container = document.createElement('div');
  // The top of the page, within the phone's height: the list below it is not painted yet.
  container.style.cssText = `max-height: ${DIALOG_HEIGHT}px; overflow: hidden`;
  document.body.append(container);
  await render(<List bulkActions={(selected) => <SendQuestionnaires clients={selected} />} />, {
    container,
  });
  await userEvent.click(page.getByRole('checkbox', { name: 'Välj Anna Lindqvist' }));
  await userEvent.click(page.getByRole('checkbox', { name: 'Välj Lars Nilsson' }));
  await expect.element(page.getByRole('button', { name: 'Skicka enkät (2)' })).toBeVisible();
  // Checking Lars scrolled the page down to him: the shot is of its top, with the bar.
  container.scrollTop = 0;
  window.scrollTo(0, 0);
  await document.fonts.ready;
  return container;
}

describe('skicka till flera från klientlistan', () => {
  for (const width of WIDTHS) {
    test(`valda ${width} px`, async () => {
      const container = await selectTwo(width);
      await shoot(container, `klientlista-valda-${width}`);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
      container.remove();
    });

    test(`skickad ${width} px`, async () => {
      const container = await selectTwo(width);
      await userEvent.click(page.getByRole('button', { name: 'Skicka enkät (2)' }));
      const dialog = page.getByRole('dialog', { name: 'Skicka enkät till 2 klienter' });
      await expect
        .element(dialog.getByRole('option', { name: 'Hälsodeklaration inför hälsokontroll' }))
        .toBeInTheDocument();
      await userEvent.selectOptions(
        dialog.getByRole('combobox', { name: 'Enkät' }),
        'Hälsodeklaration inför hälsokontroll',
      );
      await userEvent.click(dialog.getByRole('button', { name: 'Skicka enkät', exact: true }));
      const bar = page.getByRole('group', { name: 'Valda klienter' });
      await expect
        .element(bar.getByText('Fick ingen ny eftersom enkäten redan var öppen: Anna Lindqvist.'))
        .toBeVisible();
      await expect.element(dialog).not.toBeInTheDocument();
      await shoot(bar.element(), `klientlista-skickad-${width}`);
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
      container.remove();
    });
  }
});
