// Screenshot baselines of /appointments (issue 13): the client's upcoming and past meetings, the
// empty and error states, the staff view with no client chosen (the booking form says how to
// choose one) and with one chosen (the booking form for her). Each story runs its loaders (MSW)
// and is shot once its data is on screen, without its play function (800 × 600: the top).
import { describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { holdStill, mountStory, shoot } from './shoot';
import * as appointments from '../src/screens/appointments/appointments/appointments.stories';
import * as oneClient from '../src/screens/appointments/appointments/appointments-filter.stories';

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

describe('bokningar-en-klient', () => {
  test('FiltreradFranKlientsida', async () => {
    const container = await mountStory(oneClient, 'FiltreradFranKlientsida', 'Tidigare möten');
    // The chosen client's name comes with its own call: the booking form shows it.
    await expect
      .element(page.getByRole('form', { name: 'Boka möte' }).getByText('Klient: Anna Lindqvist'))
      .toBeVisible();
    await shoot(container);
  });
});
