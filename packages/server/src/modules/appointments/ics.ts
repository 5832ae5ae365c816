// An appointment as an iCalendar file (RFC 5545) the client adds to her calendar: times in
// Europe/Stockholm (TZID with its VTIMEZONE), text escaped (§3.3.11), lines folded at 75 octets
// (§3.1) and ended with CRLF.
import type { Appointment } from '@halsa/api/contract';

const ZONE = 'Europe/Stockholm';

// Control characters other than line breaks (C0, DEL, C1): RFC 5545 §3.1 allows none of them
// in a value.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * §3.3.11: backslash, semicolon and comma escaped, line breaks as \n, other controls dropped (a
 * tab becomes a space). Whatever the database holds, a TEXT value stays on its own line.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\t/g, ' ')
    .replace(CONTROLS, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A URI value (§3.3.13) is not escaped, so an http(s) link with any control character (checked
 * before new URL(), which drops tabs, CR and LF silently) is left out of the file: null. What is
 * written is the link as new URL() reads it.
 */
export function uriValue(value: string): string | null {
  // eslint-disable-next-line no-control-regex -- a URI value holds no control character
  if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** §3.1: lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Local wall time in Stockholm as an iCalendar DATE-TIME without offset, e.g. 20261125T093000. */
export function stockholmLocal(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** A parameter value (§3.2): quoted, without quotes or controls, so it cannot end the line. */
const paramValue = (value: string) => `"${value.replace(CONTROLS, '').replace(/[\r\n\t"]/g, ' ')}"`;

/** A mailto: address written as a CAL-ADDRESS, or null when it is not a plain address. */
const calAddress = (email: string) =>
  /^[^\s<>"@:;,]+@[^\s<>"@:;,]+$/.test(email) ? `mailto:${email}` : null;

export interface IcsOptions {
  /** SEQUENCE (RFC 5545 §3.8.7.4): rises with each change of the meeting. */
  sequence?: number;
  /** PUBLISH for the download; REQUEST or CANCEL (RFC 5546) for a mailed invitation. */
  method?: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  /** The clinic, who sends the invitation (ORGANIZER). */
  organizer?: { name: string; email: string };
  /** The client, who is invited (ATTENDEE). */
  attendee?: { name: string; email: string };
  /** Whether the staff's note goes in DESCRIPTION (not in a mailed invitation: design §4.16). */
  withNote?: boolean;
}

export function appointmentIcs(
  appointment: Appointment,
  now: Date,
  host: string,
  options: IcsOptions = {},
): string {
  const method = options.method ?? 'PUBLISH';
  const cancelled = method === 'CANCEL' || appointment.status === 'CANCELLED';
  const start = new Date(appointment.startsAt);
  const end = new Date(start.getTime() + appointment.minutes * 60_000);
  const link = appointment.videoLink ? uriValue(appointment.videoLink) : null;
  const note = options.withNote === false ? null : appointment.note;
  const organizer = options.organizer ? calAddress(options.organizer.email) : null;
  const attendee = options.attendee ? calAddress(options.attendee.email) : null;
  const description = [note, link ? `Videolänk: ${link}` : null]
    .filter((v): v is string => !!v)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hälsoportalen//Bokningar//SV',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VTIMEZONE',
    `TZID:${ZONE}`,
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'TZNAME:CEST',
    'DTSTART:19700329T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'TZNAME:CET',
    'DTSTART:19701025T030000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:appointment-${appointment.id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(options.sequence ?? 0))}`,
    `DTSTART;TZID=${ZONE}:${stockholmLocal(start)}`,
    `DTEND;TZID=${ZONE}:${stockholmLocal(end)}`,
    `SUMMARY:${escapeText(`Möte med ${appointment.staffName}`)}`,
    ...(appointment.place ? [`LOCATION:${escapeText(appointment.place)}`] : []),
    ...(link ? [`URL:${link}`] : []),
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    ...(organizer && options.organizer
      ? [`ORGANIZER;CN=${paramValue(options.organizer.name)}:${organizer}`]
      : []),
    ...(attendee && options.attendee
      ? [
          `ATTENDEE;CN=${paramValue(options.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:${attendee}`,
        ]
      : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
