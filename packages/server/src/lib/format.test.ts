import { describe, expect, it } from 'vitest';
import {
  stockholmDateTime,
  stockholmDay,
  swedishDay,
  swedishLongDateTime,
  swedishWhen,
} from './format.ts';

describe('server dates in Swedish time', () => {
  // 23:30 UTC on 23 November is 00:30 on the 24th in Stockholm (UTC+1 in winter).
  const lateNight = new Date('2026-11-23T23:30:00Z');
  const summer = new Date('2026-06-30T22:15:00Z'); // 00:15 on 1 July (UTC+2)

  it('a day is the Swedish calendar day', () => {
    expect(stockholmDay(lateNight)).toBe('2026-11-24');
    expect(stockholmDay(summer)).toBe('2026-07-01');
  });

  it('a time in the transcript is Swedish time, summer and winter', () => {
    expect(stockholmDateTime(lateNight)).toBe('2026-11-24 00:30');
    expect(stockholmDateTime(summer)).toBe('2026-07-01 00:15');
  });

  it('a meeting is told in words', () => {
    expect(swedishWhen(new Date('2026-11-24T09:00:00Z'))).toBe('tisdag 24 november kl. 10:00');
  });

  it('a last day given as a date is that day, whatever the zone', () => {
    expect(swedishDay('2026-12-04')).toBe('fredag 4 december');
  });

  it('the /dev/mail page gives the date and the time with seconds', () => {
    expect(swedishLongDateTime(new Date('2026-11-24T09:00:05Z'))).toBe(
      '24 november 2026 kl. 10:00:05',
    );
  });
});
