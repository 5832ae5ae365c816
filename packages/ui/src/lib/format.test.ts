import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCompactDate,
  formatDate,
  formatDateAtTime,
  formatDateTime,
  formatDayMonth,
  formatIsoDate,
  formatMonthYear,
  formatNumber,
  formatPercent,
  formatRelative,
  formatShortDate,
  formatShortDateTime,
  formatShortMonthYear,
  formatTime,
  formatTimestamp,
  formatWeekdayDateTime,
  formatYear,
  SWEDISH_TIME,
} from './format';

// Intl puts a no-break space between number and unit in sv-SE.
const plain = (s: string) => s.replace(/\s/g, ' ');

describe('formatBytes', () => {
  it('uses binary multiples and Swedish decimals', () => {
    expect(plain(formatBytes(10 * 1024 * 1024))).toBe('10 MB');
    expect(plain(formatBytes(512.5 * 1024))).toBe('512,5 kB');
    expect(plain(formatBytes(300))).toBe('300 B');
    expect(plain(formatBytes(1.5 * 1024 ** 3))).toBe('1,5 GB');
  });
});

describe('formatPercent', () => {
  it('formats whole percentages', () => {
    expect(plain(formatPercent(45))).toBe('45 %');
    expect(plain(formatPercent(100))).toBe('100 %');
  });
});

// 08:30 UTC is 09:30 in Stockholm (winter time); 2026-11-20 07:50 UTC is 08:50.
const march = '2026-03-12T08:30:15Z';
const tz = { timeZone: SWEDISH_TIME };

describe('date formats', () => {
  it.each([
    ['formatDate', formatDate, '12 mars 2026'],
    ['formatShortDate', formatShortDate, '12 mars 2026'],
    ['formatCompactDate', formatCompactDate, '12 mars 26'],
    ['formatDayMonth', formatDayMonth, '12 mars'],
    ['formatMonthYear', formatMonthYear, 'mars 2026'],
    ['formatShortMonthYear', formatShortMonthYear, 'mars 26'],
    ['formatIsoDate', formatIsoDate, '2026-03-12'],
    ['formatYear', formatYear, '2026'],
    ['formatTime', formatTime, '09:30'],
    ['formatTimestamp', formatTimestamp, '2026-03-12 09:30:15'],
    ['formatShortDateTime', formatShortDateTime, '12 mars 2026 09:30'],
    ['formatWeekdayDateTime', formatWeekdayDateTime, 'torsdag 12 mars 2026 kl. 09:30'],
  ] as const)('%s in Swedish time', (_name, format, text) => {
    expect(format(march, tz)).toBe(text);
  });

  it('writes the day and month without Intl as Intl does, in every month (issue 39)', () => {
    const intl = new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'short' });
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2026, month, day, 23, 59);
        expect(formatDayMonth(date)).toBe(intl.format(date));
        expect(formatDayMonth(date.toISOString())).toBe(intl.format(date));
      }
    }
  });

  // The formats written without Intl where the day is known (issue 39), against Intl.
  const withoutIntl = [
    [formatDate, { day: 'numeric', month: 'long', year: 'numeric' }],
    [formatShortDate, { day: 'numeric', month: 'short', year: 'numeric' }],
    [formatCompactDate, { day: 'numeric', month: 'short', year: '2-digit' }],
    [formatDayMonth, { day: 'numeric', month: 'short' }],
    [formatMonthYear, { month: 'long', year: 'numeric' }],
    [formatShortMonthYear, { month: 'short', year: '2-digit' }],
  ] as const;
  const sameAsIntl = (dates: Date[], timeZone?: string) => {
    for (const [format, options] of withoutIntl) {
      const intl = new Intl.DateTimeFormat('sv-SE', { ...options, timeZone });
      for (const date of dates) {
        expect(format(date, { timeZone }), `${format.name} ${date.toISOString()} ${timeZone}`).toBe(
          intl.format(date),
        );
      }
    }
  };

  it('writes days, months and years without Intl as Intl does, in every month (issue 39)', () => {
    const dates: Date[] = [];
    for (const year of [1000, 1979, 2005, 2026, 9999]) {
      for (let month = 0; month < 12; month += 1) {
        for (const day of [1, 9, 28, 31]) dates.push(new Date(Date.UTC(year, month, day, 12)));
      }
    }
    sameAsIntl(dates);
    sameAsIntl(dates, 'UTC');
    sameAsIntl(dates, SWEDISH_TIME);
  });

  it('reads the day in Swedish time at every hour, in summer, in winter and at the changes', () => {
    // The changes of 2026 (29 March, 25 October), 1980's first summer time, the 1940s (where
    // a time zone database may say Berlin's UTC+3), years Intl writes in its own way.
    const days = [
      [2026, 0, 15],
      [2026, 2, 28],
      [2026, 2, 29],
      [2026, 2, 30],
      [2026, 6, 1],
      [2026, 9, 24],
      [2026, 9, 25],
      [2026, 9, 26],
      [2026, 11, 31],
      [1980, 3, 6],
      [1945, 5, 1],
      [1899, 11, 31],
      [999, 5, 1],
      [10000, 0, 1],
    ];
    const dates = days.flatMap(([year, month, day]) =>
      Array.from({ length: 48 }, (_, half) => {
        const date = new Date(Date.UTC(2000, month!, day!, 0, half * 30));
        date.setUTCFullYear(year!);
        return date;
      }),
    );
    sameAsIntl(dates, SWEDISH_TIME);
    sameAsIntl(dates, 'UTC');
    sameAsIntl(dates);
    sameAsIntl(dates, 'America/New_York');
  });

  it('abbreviates long month names and keeps short ones', () => {
    expect(formatShortDate('2026-11-05T12:00:00Z', tz)).toBe('5 nov. 2026');
    expect(formatDayMonth('2026-11-20T12:00:00Z', tz)).toBe('20 nov.');
    expect(formatDayMonth('2026-05-01T12:00:00Z', tz)).toBe('1 maj');
    expect(formatCompactDate('2026-11-02T00:00:00Z', { timeZone: 'UTC' })).toBe('2 nov. 26');
    expect(formatMonthYear('2026-11-02T12:00:00Z', tz)).toBe('november 2026');
    expect(formatShortMonthYear('2026-11-02T12:00:00Z', tz)).toBe('nov. 26');
    expect(formatShortDateTime('2026-11-03T13:05:00Z', tz)).toBe('3 nov. 2026 14:05');
  });

  it('writes the long date with the time', () => {
    // Intl (ICU) puts 'kl.' before the time with a long month name.
    expect(formatDateTime('2026-11-12T08:05:00Z', tz)).toBe('12 november 2026 kl. 09:05');
    expect(formatDateAtTime('2026-11-20T07:50:00Z', tz)).toBe('20 november 2026 kl. 08:50');
  });

  it('reads the day in the time zone asked for', () => {
    const lateEvening = '2026-03-12T23:30:00Z';
    expect(formatDate(lateEvening, tz)).toBe('13 mars 2026');
    expect(formatDate(lateEvening, { timeZone: 'UTC' })).toBe('12 mars 2026');
  });

  it('takes a Date or a time in milliseconds as well as ISO text', () => {
    expect(formatDate(new Date(march), tz)).toBe('12 mars 2026');
    expect(formatDate(Date.parse(march), tz)).toBe('12 mars 2026');
  });

  it('gives nothing for an unreadable date', () => {
    expect(formatDate('igår')).toBe('');
    expect(formatDayMonth('igår')).toBe('');
    expect(formatDateAtTime('fel')).toBe('');
  });
});

describe('formatNumber', () => {
  it('groups thousands with a space and writes a decimal comma', () => {
    expect(plain(formatNumber(1234.5))).toBe('1 234,5');
    expect(plain(formatNumber(1234567))).toBe('1 234 567');
    expect(formatNumber(0)).toBe('0');
  });

  it('rounds to at most three decimals unless told', () => {
    expect(formatNumber(4.56789)).toBe('4,568');
    expect(formatNumber(4.56789, { maximumFractionDigits: 2 })).toBe('4,57');
    expect(formatNumber(4.56789, { maximumFractionDigits: 1 })).toBe('4,6');
    expect(formatNumber(4, { maximumFractionDigits: 1 })).toBe('4');
  });

  it('writes every number as Intl does, without it (issue 39)', () => {
    const values = [0, -0, 1, 7, 42, 99, 100, 999, 1000, -1, -5, 0.5, 12.25, 1e20, -1e20, 1e21];
    values.push(1e-7, -1e-7, 0.001, -0.001, 0.0049, 0.005, -0.005, 1.005, 2.675, 0.1 + 0.2);
    values.push(9.995, 99.995, 999.995, 9999.9995, 123456.789, -98765.4321, 2 ** 53, 2 ** 53 + 2);
    values.push(NaN, Infinity, -Infinity, Number.MAX_VALUE, Number.MIN_VALUE);
    // Every thousandth from -20 to 20, every hundredth around each power of ten to 10^9.
    for (let i = -20_000; i <= 20_000; i += 1) values.push(i / 1000);
    for (let power = 0; power <= 9; power += 1) {
      for (let i = -300; i <= 300; i += 1)
        values.push(10 ** power + i / 100, -(10 ** power) + i / 7);
    }
    const differ: string[] = [];
    for (const maximumFractionDigits of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat('sv-SE', { maximumFractionDigits });
      for (const n of values) {
        const ours = formatNumber(n, { maximumFractionDigits });
        if (ours !== intl.format(n)) differ.push(`${n} to ${maximumFractionDigits}: ${ours}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('writes a minus sign and a no-break space, as Intl does', () => {
    expect(formatNumber(-1234.5)).toBe('\u22121\u00a0234,5');
    expect(formatNumber(-0.001, { maximumFractionDigits: 2 })).toBe('\u22120');
  });
});

const now = new Date('2026-11-21T10:00:00.000Z');

describe('formatRelative', () => {
  it.each([
    ['2026-11-21T09:59:30.000Z', 'nyss'],
    ['2026-11-21T10:05:00.000Z', 'nyss'],
    ['2026-11-21T09:55:00.000Z', '5 minuter sedan'],
    ['2026-11-21T09:59:00.000Z', '1 minut sedan'],
    ['2026-11-21T08:00:00.000Z', '2 timmar sedan'],
    ['2026-11-20T07:48:00.000Z', '1 dag sedan'],
    ['2026-11-18T11:21:00.000Z', '2 dagar sedan'],
    ['2026-11-18T08:00:00.000Z', '3 dagar sedan'],
    ['2026-10-01T18:02:00.000Z', '1 månad sedan'],
    ['2026-05-01T18:02:00.000Z', '6 månader sedan'],
    ['2024-11-01T00:00:00.000Z', '2 år sedan'],
  ])('%s → %s', (iso, text) => {
    expect(formatRelative(iso, now)).toBe(text);
  });

  it('gives nothing for an unreadable date', () => {
    expect(formatRelative('inte ett datum', now)).toBe('');
  });
});
