// The calendar writer is safe whatever it is given (issue 22): a CR or LF in a place, a note or a
// video link already in the database never starts a line of its own (ATTACH, ORGANIZER, VALARM).
import type { Appointment } from '@halsa/api/contract';
import { describe, expect, it } from 'vitest';
import { appointmentIcs, escapeText, uriValue } from './ics.ts';

const INJECTED =
  '\r\nATTACH:https://evil.example/x.exe\r\nORGANIZER:mailto:boss@evil.example\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM\n';

const appointment = (over: Partial<Appointment>): Appointment => ({
  id: 7,
  clientId: 2,
  clientName: 'Klara Klient',
  staffId: 3,
  staffName: 'Sara Personal',
  startsAt: '2030-07-01T07:30:00.000Z',
  minutes: 30,
  place: null,
  videoLink: null,
  note: null,
  status: 'BOOKED',
  ...over,
});

/** The property names the file's lines start with, after unfolding. */
const propertyNames = (ics: string) =>
  ics
    .replace(/\r\n /g, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(/[:;]/)[0]);

describe('appointmentIcs with control characters in stored text', () => {
  const clean = propertyNames(
    appointmentIcs(
      appointment({ place: 'Rum 1', videoLink: 'https://video.example.com/m/1', note: 'Hej' }),
      new Date('2030-06-01T00:00:00Z'),
      'localhost',
    ),
  );

  it.each([
    ['videoLink', { videoLink: `https://video.example.com/m/1${INJECTED}`, place: 'Rum 1' }],
    ['place', { place: `Rum 1${INJECTED}` }],
    ['note', { place: 'Rum 1', note: `Ta med provsvaren${INJECTED}` }],
    ['staffName', { place: 'Rum 1', staffName: `Sara${INJECTED}` }],
  ] as const)('a CR/LF in %s adds no property', (_field, over) => {
    const ics = appointmentIcs(appointment(over), new Date('2030-06-01T00:00:00Z'), 'localhost');
    const names = propertyNames(ics);
    for (const name of ['ATTACH', 'ORGANIZER', 'ACTION']) expect(names).not.toContain(name);
    expect(names.filter((n) => n === 'BEGIN')).toHaveLength(
      clean.filter((n) => n === 'BEGIN').length,
    );
    expect(ics.replace(/\r\n/g, '').includes('\n')).toBe(false);
    expect(ics.replace(/\r\n/g, '').includes('\r')).toBe(false);
  });

  it('a video link with a control character is left out; a clean one is written normalised', () => {
    const bad = appointmentIcs(
      appointment({ place: 'Rum 1', videoLink: `https://video.example.com/m/1${INJECTED}` }),
      new Date('2030-06-01T00:00:00Z'),
      'localhost',
    );
    expect(propertyNames(bad)).not.toContain('URL');
    const good = appointmentIcs(
      appointment({ videoLink: 'HTTPS://Video.Example.com/m/1' }),
      new Date('2030-06-01T00:00:00Z'),
      'localhost',
    ).replace(/\r\n /g, '');
    expect(good).toContain('\r\nURL:https://video.example.com/m/1\r\n');
  });

  it('uriValue refuses controls and anything but http(s); escapeText drops controls', () => {
    expect(uriValue('https://a.example/x\r\nATTACH:y')).toBeNull();
    expect(uriValue('https://a.example/\tx')).toBeNull();
    expect(uriValue('javascript:alert(1)')).toBeNull();
    expect(uriValue('inte en länk')).toBeNull();
    expect(uriValue('https://A.example/x y')).toBe('https://a.example/x%20y');
    expect(escapeText('a\u0000b\u001bc\td\u0085e')).toBe('abc de');
  });
});
