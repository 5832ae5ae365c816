// Screenshot baselines of /appointments (issue 13): the client's upcoming and past meetings, the
// empty and error states, and the staff view with its booking form. Each story runs its loaders
// (MSW) and is shot once its data is on screen, without its play function (800 × 600: the top).
import { describe, test } from 'vitest';
import { holdStill, mountStory, shoot } from './shoot';
import * as appointments from '../src/screens/appointments/appointments/appointments.stories';

holdStill();

/** The stories shot, each with the text that says its data has arrived. */
const shots: [string, string][] = [
  ['KlientKommandeOchTidigare', 'Kommande möten'],
  ['Tom', 'Inga bokningar'],
  ['Fel', 'Kunde inte hämta bokningar'],
  ['Personal', 'Kommande möten'],
];

describe('bokningar', () => {
  for (const [name, ready] of shots) {
    test(name, async () => {
      await shoot(await mountStory(appointments, name, ready));
    });
  }
});
