// Screenshot baselines of the journal screens built in issue 12 for clients and notes (the
// client's journal tab and its 'Välj formulär' modal, filling in a note, the journal settings,
// the client's own journal) in their main states. Each story runs its loaders (MSW with the
// story's handlers) and is shot once its data is on screen, without its play function: at the
// project's 800 × 600, and the main screens also at 375 px (phone) and 1280 px (staff desk).
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { holdStill, mountStory, restPointer, shoot, shotOptions } from './shoot';
import * as clientJournal from '../src/screens/journal/client-journal/client-journal.stories';
import * as journalNote from '../src/screens/journal/journal-note/journal-note.stories';
import * as journalSettings from '../src/screens/journal/journal-settings/journal-settings.stories';
import * as myJournal from '../src/screens/journal/my-journal/my-journal.stories';

holdStill();

interface Shot {
  group: string;
  module: Record<string, unknown>;
  story: string;
  /** Text that says the story's data has arrived. */
  ready: string;
  /** Also shot at 375 and 1280 px wide. */
  widths?: boolean;
}

const shots: Shot[] = [
  {
    group: 'klientjournal',
    module: clientJournal,
    story: 'Anteckningar',
    ready: 'Uppföljning',
    widths: true,
  },
  {
    group: 'klientjournal',
    module: clientJournal,
    story: 'Tom',
    ready: 'Inga journalanteckningar ännu',
  },
  {
    group: 'klientjournal',
    module: clientJournal,
    story: 'Fel',
    ready: 'Misslyckades att ladda journal.',
  },
  {
    group: 'journalanteckning',
    module: journalNote,
    story: 'AllaFragetyper',
    ready: 'Datum för nästa provtagning',
    widths: true,
  },
  {
    group: 'journalanteckning',
    module: journalNote,
    story: 'FormularetLaddasInte',
    ready: 'Misslyckades att ladda formulär.',
  },
  {
    group: 'journalinstallningar',
    module: journalSettings,
    story: 'Administrator',
    ready: 'Signaturrad',
    widths: true,
  },
  {
    group: 'journalinstallningar',
    module: journalSettings,
    story: 'Personal',
    ready: 'Endast administratörer kan ändra journalinställningarna.',
  },
  {
    group: 'min-journal',
    module: myJournal,
    story: 'Anteckningar',
    ready: '7 av 10',
    widths: true,
  },
  {
    group: 'min-journal',
    module: myJournal,
    story: 'Tom',
    ready: 'Du har inga journalanteckningar ännu',
  },
  { group: 'min-journal', module: myJournal, story: 'MedRattelse', ready: 'Rättad' },
  {
    group: 'min-journal',
    module: myJournal,
    story: 'Fel',
    ready: 'Misslyckades att ladda journal.',
  },
];

const show = (module: Record<string, unknown>, story: string, ready: string) =>
  mountStory(module, story, ready, { exact: true });

for (const { group, module, story, ready, widths } of shots) {
  describe(group, () => {
    test(story, async () => {
      await page.viewport(800, 600);
      const container = await show(module, story, ready);
      await shoot(container);
    });
    if (widths) {
      for (const width of [375, 1280]) {
        test(`${story} ${width} px`, async () => {
          await page.viewport(width, 900);
          const container = await show(module, story, ready);
          await shoot(container);
        });
      }
    }
  });
}

describe('klientjournal', () => {
  test('Välj formulär', async () => {
    await page.viewport(800, 600);
    await show(clientJournal, 'Anteckningar', 'Uppföljning');
    await userEvent.click(page.getByRole('button', { name: 'Lägg till formulär' }));
    const dialog = page.getByRole('dialog', { name: 'Välj formulär' });
    await expect.element(dialog.getByText('Kostdagbok')).toBeVisible();
    await expect.element(dialog.getByText('Standard')).toBeVisible();
    await restPointer();
    await expect.element(dialog).toMatchScreenshot(shotOptions);
  });
});
