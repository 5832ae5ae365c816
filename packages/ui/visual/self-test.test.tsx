// Screenshot baselines of /test (issue 13): the self-check with its lines green and red in
// words. Each story runs its loaders (MSW) and is shot, without its play function, once every
// line that can settle has (the fake live connection answers its ping in 12 ms; the browser is a
// fixed Chrome 140). While all passes, the test notice is still on its way ('Testar…'): its time
// is measured and would differ between runs.
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { holdStill, mountStory, shoot } from './shoot';
import * as selfTest from '../src/screens/self-test/self-test/self-test.stories';

holdStill();

/** The stories shot: the text that says their data has arrived, then every other line's. */
const shots: [string, string, string[]][] = [
  ['AllaOK', 'Realtidsanslutningen svarade på 12 ms.', ['Datorns klocka går rätt']],
  [
    'InteAnsluten',
    'Testnotisen kom inte fram inom 1 sekund.',
    ['Kan inte mätas utan realtidsanslutning.', 'Datorns klocka går rätt'],
  ],
  [
    'ServernSvararInte',
    'Serverns tid kunde inte hämtas.',
    ['Realtidsanslutningen svarade på 12 ms.', 'Kunde inte skicka testnotisen'],
  ],
];

describe('testsida', () => {
  for (const [name, ready, settled] of shots) {
    test(name, async () => {
      const container = await mountStory(selfTest, name, ready);
      for (const text of settled) {
        await expect.element(page.getByText(text, { exact: false }).first()).toBeVisible();
      }
      await shoot(container);
    });
  }
});
