// When a message was sent, in the message list's short form (design.md §2); the Swedish formats
// themselves are lib/format's.
import {
  formatDayMonth,
  formatIsoDate,
  formatShortDate,
  formatTime,
  formatYear,
} from '../../lib/format';

export interface TimeFormatOptions {
  /** Defaults to the browser's time zone (tests pass one to be stable). */
  timeZone?: string;
}

/** A message's time: '07:50' today, '20 nov. 07:50' this year, else '3 okt. 2025 07:50'. */
export function formatMessageTime(
  iso: string,
  now: Date = new Date(),
  { timeZone }: TimeFormatOptions = {},
): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const zone = { timeZone };
  const time = formatTime(date, zone);
  if (formatIsoDate(date, zone) === formatIsoDate(now, zone)) return time;
  const day =
    formatYear(date, zone) === formatYear(now, zone)
      ? formatDayMonth(date, zone)
      : formatShortDate(date, zone);
  return `${day} ${time}`;
}
