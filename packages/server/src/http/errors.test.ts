// The rate limit's 429 in words (issue 35): when she may try again and what to do meanwhile.
import { describe, expect, it } from 'vitest';
import { rateLimitedMessage, swedishWait } from './errors.ts';

describe('rateLimitedMessage', () => {
  it.each([
    [1, '1 sekund'],
    [40, '40 sekunder'],
    [60, '1 minut'],
    [61, '2 minuter'],
    [300, '5 minuter'],
    [3600, '1 timme'],
    [2 * 3600 + 5 * 60, '2 timmar och 5 minuter'],
    [5 * 3600 + 20 * 60, '5 timmar och 20 minuter'],
  ])('%i s reads "%s"', (seconds, words) => {
    expect(swedishWait(seconds)).toBe(words);
  });

  it('a password lock points at the reset link and the clinic; others at the clinic', () => {
    expect(rateLimitedMessage(300, 'password')).toBe(
      "För många förfrågningar. Försök igen om 5 minuter. Har du glömt lösenordet kan du välja 'Glömt lösenord?' på inloggningssidan och byta det, eller kontakta mottagningen.",
    );
    expect(rateLimitedMessage(3600, 'other')).toBe(
      'För många förfrågningar. Försök igen om 1 timme. Kontakta mottagningen om det fortsätter.',
    );
  });
});
