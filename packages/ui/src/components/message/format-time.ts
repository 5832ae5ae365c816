// Dates and times of messages through Intl sv-SE (design.md §2).

const LOCALE = 'sv-SE';

export interface TimeFormatOptions {
  /** Defaults to the browser's time zone (tests pass one to be stable). */
  timeZone?: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'always' });

/**
 * How long ago, as in '3 dagar sedan', '5 minuter sedan', '1 månad sedan'; under a minute
 * (or a time in the future, from clock skew) is 'nyss'.
 */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
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
  // sv-SE says 'för 3 dagar sedan'; the portal writes '3 dagar sedan'.
  return relative.format(-value, unit).replace(/^för\s+/u, '');
}

const dayKey = (date: Date, timeZone?: string) =>
  new Intl.DateTimeFormat(LOCALE, { timeZone, dateStyle: 'short' }).format(date);

/** A message's time: '07:50' today, '20 nov. 07:50' this year, else '3 okt. 2025 07:50'. */
export function formatMessageTime(
  iso: string,
  now: Date = new Date(),
  { timeZone }: TimeFormatOptions = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = new Intl.DateTimeFormat(LOCALE, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
  if (dayKey(date, timeZone) === dayKey(now, timeZone)) return time;
  const sameYear =
    new Intl.DateTimeFormat(LOCALE, { timeZone, year: 'numeric' }).format(date) ===
    new Intl.DateTimeFormat(LOCALE, { timeZone, year: 'numeric' }).format(now);
  const day = new Intl.DateTimeFormat(LOCALE, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: sameYear ? undefined : 'numeric',
  }).format(date);
  return `${day} ${time}`;
}

/** The full edit time of an edited message: '20 november 2026 kl. 07:50'. */
export function formatEditedAt(iso: string, { timeZone }: TimeFormatOptions = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(LOCALE, {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(date);
}
