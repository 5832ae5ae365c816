// Screenshot baselines of the new states of issue 35 (design §4.7, §4.20) at 320, 360 and 1280 px:
// the client's values for her coach (the Lab Resultat tab's block), the emergency-access banner
// on her page, 'Logguppföljning' cards that say what was read, and 'Vem har läst mina uppgifter'
// with an emergency access and with lists and logs. Each story runs its loaders and beforeEach
// (MSW) and is shot whole once its data is on screen, without its play function; the clock
// stands at the mocks' "now".
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { page } from 'vitest/browser';
import { MOCK_NOW } from '@halsa/api/mocks';
import { holdStill, mountStory, shoot } from './shoot';
import * as review from '../src/screens/activity/review/review.stories';
import * as careTeam from '../src/screens/clients/client-pages/client-pages.care-team.stories';
import * as clientLab from '../src/screens/lab-results/client-lab-results/client-lab-results.stories';
import * as accessLog from '../src/screens/profile/my-account/access-log.stories';

holdStill();

beforeAll(() => {
  vi.setSystemTime(MOCK_NOW);
});
afterAll(async () => {
  vi.useRealTimers();
  await page.viewport(800, 600);
});

/** [baseline name, stories, story, text that says its data is there] */
const shots: [string, Record<string, unknown>, string, string][] = [
  ['personal-provsvar', clientLab, 'PersonalSerVarden', 'Utveckling över tid'],
  ['nodatkomst-banner', careTeam, 'NodatkomstOppen', 'Avsluta nu'],
  ['logguppfoljning', review, 'Lista', 'provsvar, klientöversikt och journal'],
  ['vem-har-last', accessLog, 'MedNodatkomst', 'Skäl: Akut vårdbehov'],
];

for (const width of [320, 360, 1280]) {
  describe(`${width} px`, () => {
    for (const [name, module, story, ready] of shots) {
      test(name, async () => {
        await page.viewport(width, 900);
        const container = await mountStory(module, story, ready);
        await shoot(container, `${name}-${width}`);
        container.remove();
        expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(width);
      });
    }
  });
}
