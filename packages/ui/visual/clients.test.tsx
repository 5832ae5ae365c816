// Screenshot baselines of the client-management screens (issue 11) in their main states. Each
// story runs its loaders (MSW with the story's handlers) and is shot once its data is on
// screen, without its play function. The page is 800 × 600, so the top of each screen is shot.
// The Lab Resultat tab's states come from a step the test takes itself (an upload, the history
// opened), as its stories reach them only in their play functions.
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { holdStill, mountStory, restPointer, shoot, shotOptions } from './shoot';
import * as activityLog from '../src/screens/activity/activity-log/activity-log.stories';
import * as clientActivity from '../src/screens/clients/client-activity/client-activity.stories';
import * as clientFiles from '../src/screens/clients/client-files/client-files.stories';
import * as clientList from '../src/screens/clients/client-list/client-list.stories';
import * as clientPages from '../src/screens/clients/client-pages/client-pages.stories';

holdStill();

/** The stories shot, each with the text that says its data has arrived. */
const shots: [string, Record<string, unknown>, string, string][] = [
  ['klientlista', clientList, 'Admin', 'Anna Lindqvist'],
  ['klientlista', clientList, 'Tom', 'Inga klienter ännu.'],
  ['klientlista', clientList, 'Fel', 'Kunde inte hämta klienter'],
  ['klientsidor', clientPages, 'OversiktAdmin', 'Personuppgifter'],
  ['klientsidor', clientPages, 'PersonalMedFlikar', 'Personuppgifter'],
  [
    'klientsidor',
    clientPages,
    'IngenKonversation',
    'Du har ingen konversation med Karin Svensson.',
  ],
  ['klientsidor', clientPages, 'HittadesInte', 'Klienten hittades inte.'],
  ['aktivitet-klient', clientActivity, 'Logg', 'Visade journal'],
  ['aktivitet-klient', clientActivity, 'Tom', 'Ingen aktivitet hittades för denna användaren.'],
  ['aktivitetslogg', activityLog, 'Admin', 'Utförd av'],
];

for (const [group, module, name, ready] of shots) {
  describe(group, () => {
    test(name, async () => {
      await shoot(await mountStory(module, name, ready));
    });
  });
}

describe('klientfiler', () => {
  test('UppladdningKlar', async () => {
    const container = await mountStory(clientFiles, 'UppladdningKlar', 'Välj fil');
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(
      input,
      new File(['%PDF-1.4\n%%EOF\n'], 'Blodprov_2026-11-24.pdf', { type: 'application/pdf' }),
    );
    await expect.element(page.getByText('Filen har laddats upp')).toBeVisible();
    await shoot(container);
  });

  test('HistorikOppen', async () => {
    await mountStory(clientFiles, 'HistorikOppen', 'Visa historik');
    await userEvent.click(page.getByRole('button', { name: 'Visa historik' }));
    const dialog = page.getByRole('dialog', { name: 'Historik för provsvar' });
    await expect.element(dialog.getByText('Blodprov_2026-10-12.pdf')).toBeVisible();
    await restPointer();
    await expect.element(dialog).toMatchScreenshot(shotOptions);
  });
});
