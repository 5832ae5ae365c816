// The 'Läste' line of 'Logguppföljning' names what was read in Swedish, never an action code
// (issue 35: the demo showed 'client_list_viewed, client_looked_up, … questionnaires_viewed').
import { ACTIVITY_ACTIONS } from '@halsa/api/contract';
import { describe, expect, it } from 'vitest';
import { readText } from './read-text';

describe('readText', () => {
  it('reads as Swedish, with counts and "och" before the last', () => {
    expect(
      readText([
        { action: 'CLIENT_VIEWED', count: 2 },
        { action: 'JOURNAL_VIEWED', count: 1 },
        { action: 'LAB_RESULT_DOWNLOADED', count: 3 },
      ]),
    ).toBe('klientöversikt, journal och 3 provsvarsfiler');
  });

  it('names the list, the look-up and the questionnaires the demo showed as codes', () => {
    expect(
      readText([
        { action: 'CLIENT_LIST_VIEWED', count: 1 },
        { action: 'CLIENT_LOOKED_UP', count: 1 },
        { action: 'QUESTIONNAIRES_VIEWED', count: 2 },
      ]),
    ).toBe('klientlistan, sökning på personnummer och enkätsvar');
  });

  it('says "inget" when only the access itself is logged', () => {
    expect(readText([{ action: 'EMERGENCY_ACCESS', count: 1 }])).toBe('inget');
  });

  it('never shows an action code, whatever action a row has', () => {
    for (const action of ACTIVITY_ACTIONS) {
      const text = readText([{ action, count: 2 }]);
      expect(text, action).not.toMatch(/[A-Z_]{3,}|_/);
    }
  });
});
