import { describe, expect, it } from 'vitest';
import { acceptLabels, isAccepted, validateFile } from './accept';

const ACCEPT = ['application/pdf', 'image/jpeg', 'image/png'];
const MB = 1024 * 1024;
const plain = (s: string | null) => (s === null ? null : s.replace(/\s/g, ' '));

describe('isAccepted', () => {
  it('matches MIME types, wildcards and extensions', () => {
    expect(isAccepted({ name: 'prov.pdf', type: 'application/pdf' }, ACCEPT)).toBe(true);
    expect(isAccepted({ name: 'bild.JPG', type: '' }, ACCEPT)).toBe(true);
    expect(isAccepted({ name: 'anteckning.txt', type: 'text/plain' }, ACCEPT)).toBe(false);
    expect(isAccepted({ name: 'foto.webp', type: 'image/webp' }, ['image/*'])).toBe(true);
    expect(isAccepted({ name: 'data.csv', type: 'text/csv' }, ['.csv'])).toBe(true);
    expect(isAccepted({ name: 'data.csv', type: 'text/csv' }, [])).toBe(true);
  });
});

describe('validateFile', () => {
  it('names the allowed types', () => {
    expect(acceptLabels([...ACCEPT, 'image/jpeg'])).toBe('PDF, JPG, PNG');
    expect(validateFile({ name: 'a.txt', type: 'text/plain', size: 10 }, ACCEPT, 10 * MB)).toBe(
      'Filtypen stöds inte. Tillåtna typer: PDF, JPG, PNG.',
    );
  });

  it('states the size limit in Swedish notation', () => {
    expect(
      plain(
        validateFile({ name: 'a.pdf', type: 'application/pdf', size: 11 * MB }, ACCEPT, 10 * MB),
      ),
    ).toBe('Filen är för stor. Största tillåtna storlek är 10 MB.');
    expect(
      plain(validateFile({ name: 'a.pdf', type: 'application/pdf', size: 1 }, ACCEPT, 2.5 * MB)),
    ).toBe(null);
    expect(
      plain(
        validateFile({ name: 'a.pdf', type: 'application/pdf', size: 3 * MB }, ACCEPT, 2.5 * MB),
      ),
    ).toBe('Filen är för stor. Största tillåtna storlek är 2,5 MB.');
  });
});
