// Screenshot baselines of the client's action plan and everyone's account page (issue 13) in
// their main states. Each story runs its loaders (MSW) and is shot once its data is on screen,
// without its play function. The page is 800 × 600, so the top of each screen is shot.
import { describe, test } from 'vitest';
import { holdStill, mountStory, shoot } from './shoot';
import * as actionPlan from '../src/screens/action-plan/action-plan/action-plan.stories';
import * as myAccount from '../src/screens/profile/my-account/my-account.stories';

holdStill();

/** The stories shot, each with the text that says its data has arrived. */
const shots: [string, Record<string, unknown>, string, string][] = [
  // Not the opened PDF: the browser's viewer shows the blob's random name, which differs per run.
  ['handlingsplan', actionPlan, 'KanInteOppnas', 'Kunde inte öppna handlingsplanen'],
  ['handlingsplan', actionPlan, 'Tom', 'Ingen handlingsplan ännu'],
  ['handlingsplan', actionPlan, 'Fel', 'Kunde inte hämta handlingsplan'],
  ['mitt-konto', myAccount, 'Klient', 'klient@example.com'],
  ['mitt-konto', myAccount, 'Personal', 'staff@example.com'],
];

for (const [group, module, name, ready] of shots) {
  describe(group, () => {
    test(name, async () => {
      await shoot(await mountStory(module, name, ready));
    });
  });
}
