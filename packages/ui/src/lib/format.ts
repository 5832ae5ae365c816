// The portal's Swedish (sv-SE) formats of dates, times and numbers in one place (issue 25), so
// one kind of value reads the same on every screen. Plain named exports whose Intl objects are
// made on first use: a page that imports one formatter carries no other (the /login budget).
import { SWEDISH_MONTHS } from '@halsa/api/swedish-months';

const LOCALE = 'sv-SE';

/** Swedish time, for dates that must not move with the browser's time zone. */
export const SWEDISH_TIME = 'Europe/Stockholm';

export interface TimeZoneOption {
  /** Defaults to the browser's time zone. */
  timeZone?: string;
}

type DateInput = string | number | Date;

const dateFormats = /* @__PURE__ */ new Map<string, Intl.DateTimeFormat>();

/** `options` as text in `timeZone`, or '' for a date that cannot be read. */
function formatWith(value: DateInput, options: Intl.DateTimeFormatOptions, timeZone?: string) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const all = { ...options, timeZone };
  const key = JSON.stringify(all);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, all);
    dateFormats.set(key, format);
  }
  return format.format(date);
}

/** sv-SE's short month names, as ICU writes them in `{ day, month: 'short' }`. */
const SHORT_MONTHS = [
  'jan.',
  'feb.',
  'mars',
  'apr.',
  'maj',
  'juni',
  'juli',
  'aug.',
  'sep.',
  'okt.',
  'nov.',
  'dec.',
];

interface CalendarDay {
  year: number;
  /** 0-11. */
  month: number;
  day: number;
}

const HOUR_MS = 3_600_000;
/**
 * Swedish time is UTC+1 in winter and UTC+2 in summer; from 1980, the year summer time came
 * back, whichever history a browser's time zone data has (recent data make Stockholm a link to
 * Berlin, which was UTC+3 in two summers of the 1940s).
 */
const SUMMER_TIME_SINCE = Date.UTC(1980, 0, 1);

/**
 * The calendar day of `date` in `timeZone` where it is known without Intl (issue 39: a page's
 * first Intl object loads ICU's locale data, one task of 170-210 ms on a slow phone): the
 * browser's own zone (the Date's getters), UTC, and Swedish time outside 22:00-23:00 UTC,
 * the one hour whose day depends on summer time. Undefined otherwise (Intl writes it), and for
 * a year outside 1000-9999, which Intl writes in its own way.
 */
function calendarDay(date: Date, timeZone: string | undefined): CalendarDay | undefined {
  let day: CalendarDay;
  if (timeZone === undefined) {
    day = { year: date.getFullYear(), month: date.getMonth(), day: date.getDate() };
  } else {
    let at = date;
    if (timeZone === SWEDISH_TIME) {
      const hour = date.getUTCHours();
      if (hour === 22 || date.getTime() < SUMMER_TIME_SINCE) return undefined;
      // Before 22:00 UTC it is the same day in Stockholm; from 23:00 UTC it is the next.
      if (hour === 23) at = new Date(date.getTime() + HOUR_MS);
    } else if (timeZone !== 'UTC') {
      return undefined;
    }
    day = { year: at.getUTCFullYear(), month: at.getUTCMonth(), day: at.getUTCDate() };
  }
  return day.year >= 1000 && day.year <= 9999 ? day : undefined;
}

/**
 * `value` written by `write` from its calendar day, or by Intl with `options` where the day
 * cannot be known without it; '' for a date that cannot be read.
 */
function formatDay(
  value: DateInput,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
  write: (day: CalendarDay) => string,
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = calendarDay(date, timeZone);
  return day ? write(day) : formatWith(date, options, timeZone);
}

const twoDigitYear = ({ year }: CalendarDay) => String(year % 100).padStart(2, '0');

/** '12 mars 2026'. */
export const formatDate = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatDay(
    value,
    timeZone,
    { day: 'numeric', month: 'long', year: 'numeric' },
    (d) => `${d.day} ${SWEDISH_MONTHS[d.month]} ${d.year}`,
  );

/** '5 nov. 2026'. */
export const formatShortDate = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatDay(
    value,
    timeZone,
    { day: 'numeric', month: 'short', year: 'numeric' },
    (d) => `${d.day} ${SHORT_MONTHS[d.month]} ${d.year}`,
  );

/** '2 nov. 26' (chart ticks). */
export const formatCompactDate = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatDay(
    value,
    timeZone,
    { day: 'numeric', month: 'short', year: '2-digit' },
    (d) => `${d.day} ${SHORT_MONTHS[d.month]} ${twoDigitYear(d)}`,
  );

/** '12 mars', '20 nov.'; the notifications of /overview need no more than this. */
export const formatDayMonth = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatDay(
    value,
    timeZone,
    { day: 'numeric', month: 'short' },
    (d) => `${d.day} ${SHORT_MONTHS[d.month]}`,
  );

/** 'november 2026'. */
export const formatMonthYear = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatDay(
    value,
    timeZone,
    { month: 'long', year: 'numeric' },
    (d) => `${SWEDISH_MONTHS[d.month]} ${d.year}`,
  );

/** 'nov. 26'. */
export const formatShortMonthYear = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatDay(
    value,
    timeZone,
    { month: 'short', year: '2-digit' },
    (d) => `${SHORT_MONTHS[d.month]} ${twoDigitYear(d)}`,
  );

/** '2026-03-12', the form of a date field's value. */
export const formatIsoDate = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatWith(value, {}, timeZone);

/** The year alone: '2026'. */
export const formatYear = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatWith(value, { year: 'numeric' }, timeZone);

/**
 * A date as precise as it was given (a lab's partial date, design §4.15), the day as written
 * whatever the browser's time zone: '2026-11-02' → '2 november 2026', '2026-11' →
 * 'november 2026', '2026' → '2026'; short: '2 nov. 26', 'nov. 26', '2026'.
 */
export function formatPartialDate(value: string, { short = false } = {}): string {
  const utc = { timeZone: 'UTC' };
  if (/^\d{4}$/.test(value)) return value;
  if (/^\d{4}-\d{2}$/.test(value)) {
    const at = `${value}-15T12:00:00Z`;
    return short ? formatShortMonthYear(at, utc) : formatMonthYear(at, utc);
  }
  const at = `${value.slice(0, 10)}T12:00:00Z`;
  return short ? formatCompactDate(at, utc) : formatDate(at, utc);
}

/** '09:30'. */
export const formatTime = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatWith(value, { hour: '2-digit', minute: '2-digit' }, timeZone);

/** Day, long month, year and time: '12 november 2026 kl. 09:05' (ICU adds the 'kl.'). */
export const formatDateTime = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatWith(
    value,
    { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
    timeZone,
  );

/** Day, short month, year and time: '12 mars 2026 09:30', '3 nov. 2026 14:05'. */
export const formatShortDateTime = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatWith(
    value,
    { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
    timeZone,
  );

/** The long date and time style: '20 november 2026 kl. 07:50'. */
export const formatDateAtTime = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatWith(value, { dateStyle: 'long', timeStyle: 'short' }, timeZone);

/** With the weekday: 'torsdag 12 mars 2026 kl. 09:30'. */
export const formatWeekdayDateTime = (
  value: DateInput,
  { timeZone }: TimeZoneOption = {},
): string =>
  formatWith(
    value,
    {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    },
    timeZone,
  );

/** To the second, for logs: '2026-03-12 09:30:15'. */
export const formatTimestamp = (value: DateInput, { timeZone }: TimeZoneOption = {}): string =>
  formatWith(value, { dateStyle: 'short', timeStyle: 'medium' }, timeZone);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

let relativeFormat: Intl.RelativeTimeFormat | undefined;

/**
 * How long ago, as in '3 dagar sedan', '5 minuter sedan', '1 månad sedan'; under a minute
 * (or a time in the future, from clock skew) is 'nyss'; a time that cannot be read is ''.
 */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const diff = now.getTime() - then;
  if (diff < MINUTE) return 'nyss';
  const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
    diff < HOUR
      ? [Math.floor(diff / MINUTE), 'minute']
      : diff < DAY
        ? [Math.floor(diff / HOUR), 'hour']
        : diff < MONTH
          ? [Math.floor(diff / DAY), 'day']
          : diff < YEAR
            ? [Math.floor(diff / MONTH), 'month']
            : [Math.floor(diff / YEAR), 'year'];
  relativeFormat ??= new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });
  // sv-SE says 'för 3 dagar sedan'; the portal writes '3 dagar sedan'.
  return relativeFormat.format(-value, unit).replace(/^för\s+/u, '');
}

const numberFormats = /* @__PURE__ */ new Map<number, Intl.NumberFormat>();

/** sv-SE's minus sign (U+2212), thousands separator (no-break space) and decimal comma. */
const MINUS = '\u2212';
const GROUP = '\u00a0';

/** `digits` (a whole number as text) plus one in its last place, as text. */
function addOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${Number(digits[i]) + 1}${'0'.repeat(digits.length - i - 1)}`;
}

/**
 * `n` as Intl's sv-SE writes it with `maximumFractionDigits`, without Intl (issue 39: the
 * first Intl object of a page costs 170-210 ms on a slow phone, and /lab-results writes a
 * number in every row). Like ICU it rounds the shortest decimal that reads back as `n` (the
 * text `String` gives), half away from zero. Undefined for what `String` writes with an
 * exponent, infinities and NaN (Intl writes those).
 */
function swedishNumber(n: number, maximumFractionDigits: number): string | undefined {
  const text = String(Math.abs(n));
  if (!Number.isFinite(n) || text.includes('e')) return undefined;
  const point = text.indexOf('.');
  let whole = point < 0 ? text : text.slice(0, point);
  let fraction = point < 0 ? '' : text.slice(point + 1);
  if (fraction.length > maximumFractionDigits) {
    const up = fraction.charCodeAt(maximumFractionDigits) >= 53; // '5'
    fraction = fraction.slice(0, maximumFractionDigits);
    if (up) {
      const digits = addOne(whole + fraction);
      whole = digits.slice(0, digits.length - fraction.length);
      fraction = digits.slice(digits.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/u, '');
  const sign = n < 0 || Object.is(n, -0) ? MINUS : '';
  const grouped = whole.replace(/\B(?=(\d{3})+$)/gu, GROUP);
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/**
 * A number in Swedish notation: 1234.5 → "1 234,5" (a no-break space), −2 with a minus sign;
 * `maximumFractionDigits` rounds (the default, 3, is Intl's).
 */
export function formatNumber(n: number, { maximumFractionDigits = 3 } = {}): string {
  const text = swedishNumber(n, maximumFractionDigits);
  if (text !== undefined) return text;
  let format = numberFormats.get(maximumFractionDigits);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { maximumFractionDigits });
    numberFormats.set(maximumFractionDigits, format);
  }
  return format.format(n);
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A file size in Swedish notation with binary multiples: 10 485 760 → "10 MB",
 * 524 800 → "512,5 kB", 300 → "300 B".
 */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(LOCALE, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/** A whole percentage in Swedish notation: 45 → "45 %". */
export function formatPercent(percent: number): string {
  return new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 }).format(
    percent / 100,
  );
}
