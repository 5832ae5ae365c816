import { describe, expect, it } from 'vitest';
import { displayName, personName, UNKNOWN_PERSON } from './display-name.ts';

describe('personName', () => {
  it('joins first and last name, trimmed', () => {
    expect(personName({ firstName: 'Anna', lastName: 'Lindqvist' })).toBe('Anna Lindqvist');
    expect(personName({ firstName: ' Anna ', lastName: ' Lindqvist ' })).toBe('Anna Lindqvist');
    expect(personName({ firstName: 'Anna', lastName: '' })).toBe('Anna');
    expect(personName({ firstName: '', lastName: 'Lindqvist' })).toBe('Lindqvist');
    expect(personName({ firstName: '', lastName: '' })).toBe('');
  });
});

describe('displayName', () => {
  it('is the name when there is one', () => {
    expect(
      displayName({ firstName: 'Anna', lastName: 'Lindqvist', email: 'anna@example.se' }),
    ).toBe('Anna Lindqvist');
  });

  it('falls back to the e-mail of a client without a name', () => {
    expect(displayName({ firstName: '', lastName: ' ', email: 'ny@example.se' })).toBe(
      'ny@example.se',
    );
  });

  it('says Okänd användare with neither name nor e-mail', () => {
    expect(displayName({ firstName: '', lastName: '' })).toBe('Okänd användare');
    expect(displayName({ firstName: ' ', lastName: '', email: '' })).toBe(UNKNOWN_PERSON);
  });
});
