// Dates and times as the server writes them for people: Swedish words and Swedish time
// (Europe/Stockholm), in one place, so a mail, a chat transcript, a signed note, a lab value and
// the /dev/mail page say a day the same way (issue 37). Dates the database compares stay ISO.
const ZONE = 'Europe/Stockholm';

const day = new Intl.DateTimeFormat('sv-SE', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dateTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const weekdayDate = (timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
const stockholmWeekdayDate = weekdayDate(ZONE);
const utcWeekdayDate = weekdayDate('UTC');
const time = new Intl.DateTimeFormat('sv-SE', {
  timeZone: ZONE,
  hour: '2-digit',
  minute: '2-digit',
});
const longDateTime = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'long',
  timeStyle: 'medium',
  timeZone: ZONE,
});

/** The calendar day in Sweden, '2026-11-24' (a note signed 00:30 Swedish time is signed that day). */
export const stockholmDay = (d: Date): string => day.format(d);

/** '2026-11-24 10:00' in Swedish time (the chat transcript). */
export const stockholmDateTime = (d: Date): string => dateTime.format(d);

/** 'tisdag 24 november kl. 10:00' in Swedish time (meeting mails). */
export const swedishWhen = (at: Date): string =>
  `${stockholmWeekdayDate.format(at)} kl. ${time.format(at)}`;

/** A calendar day given as 'YYYY-MM-DD' in words: 'fredag 4 december' (a last day to answer). */
export function swedishDay(isoDay: string): string {
  const [y, m, d] = isoDay.split('-').map(Number);
  return utcWeekdayDate.format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/** '24 november 2026 kl. 10:00:05' in Swedish time (the /dev/mail page). */
export const swedishLongDateTime = (d: Date): string => longDateTime.format(d);
