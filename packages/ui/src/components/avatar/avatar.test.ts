import { describe, expect, it } from 'vitest';
import { initialsOf } from './avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('Anna Lindqvist')).toBe('AL');
    expect(initialsOf('  åsa  maria östlund ')).toBe('ÅÖ');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('   ')).toBe('?');
  });

  it('upper-cases every letter a name can start with as sv-SE does (issue 39)', () => {
    const differ: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      const letter = String.fromCharCode(code);
      const initials = initialsOf(`${letter}x ${letter}y`);
      const swedish = `${letter}${letter}`.toLocaleUpperCase('sv-SE');
      if (letter.trim() && initials !== swedish) differ.push(`U+${code.toString(16)}`);
    }
    expect(differ).toEqual([]);
  });
});
