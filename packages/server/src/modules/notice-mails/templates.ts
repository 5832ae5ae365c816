// Notice mails (design §4.16): Swedish, a plain-text and an HTML part, no health data, no names
// of analyses, no message text — only that something new is waiting and a link to the page.
// Every one carries a one-click unsubscribe for its kind (RFC 8058 headers and a link in the
// body). The HTML is one centred column with inline styles (mail clients drop <style> blocks),
// 16 px text and a large button, so it reads well on a phone.
import type { NoticeKind } from '@halsa/api/contract';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { swedishDay, swedishWhen } from '../../lib/format.ts';

/** Where each kind's link leads (the portal asks for a login first when needed). */
export const NOTICE_PAGES: Record<NoticeKind, string> = {
  NEW_MESSAGE: '/overview',
  LAB_RESULT: '/lab-results',
  ACTION_PLAN: '/action-plan',
  JOURNAL_NOTE: '/journal',
  APPOINTMENT: '/appointments',
  APPOINTMENT_REMINDER: '/appointments',
  QUESTIONNAIRE: '/questionnaires',
};

interface Wording {
  subject: string;
  one: string;
  many: (n: number) => string;
  button: string;
}

const WORDING: Record<Exclude<NoticeKind, 'APPOINTMENT' | 'APPOINTMENT_REMINDER'>, Wording> = {
  NEW_MESSAGE: {
    subject: 'Nytt meddelande i Hälsoportalen',
    one: 'Du har ett nytt meddelande i Hälsoportalen.',
    many: (n) => `Du har ${n} nya meddelanden i Hälsoportalen.`,
    button: 'Läs i Hälsoportalen',
  },
  LAB_RESULT: {
    subject: 'Nya provsvar i Hälsoportalen',
    one: 'Du har nya provsvar i Hälsoportalen.',
    many: (n) => `Du har ${n} nya provsvar i Hälsoportalen.`,
    button: 'Se dina provsvar',
  },
  ACTION_PLAN: {
    subject: 'Ny handlingsplan i Hälsoportalen',
    one: 'Du har en ny handlingsplan i Hälsoportalen.',
    many: (n) => `Du har ${n} nya handlingsplaner i Hälsoportalen.`,
    button: 'Se din handlingsplan',
  },
  JOURNAL_NOTE: {
    subject: 'Ny journalanteckning i Hälsoportalen',
    one: 'Det finns en ny signerad journalanteckning i Hälsoportalen.',
    many: (n) => `Det finns ${n} nya signerade journalanteckningar i Hälsoportalen.`,
    button: 'Öppna din journal',
  },
  QUESTIONNAIRE: {
    subject: 'Ny enkät i Hälsoportalen',
    one: 'Du har fått en enkät att fylla i i Hälsoportalen.',
    many: (n) => `Du har fått ${n} enkäter att fylla i i Hälsoportalen.`,
    button: 'Öppna dina enkäter',
  },
};

export type BatchedKind = keyof typeof WORDING;
export const BATCHED_KINDS = Object.keys(WORDING) as BatchedKind[];

const escapeHtml = (v: string) =>
  v
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface NoticeLinks {
  /** The page the notice is about (absolute). */
  page: string;
  /** The portal's unsubscribe page (absolute, with the token): opened from the mail body. */
  unsubscribePage: string;
  /** The API's one-click address (absolute, with the token): the List-Unsubscribe header. */
  oneClick: string;
}

const FOOTER_TEXT = 'Detta är ett automatiskt meddelande och kan inte besvaras.';

/** The parts every notice mail shares: text and HTML bodies and the RFC 8058 headers. */
export function noticeMail(
  to: string,
  subject: string,
  lines: string[],
  button: string,
  links: NoticeLinks,
  stop: string,
): OutgoingMail {
  const text = [
    'Hej!',
    '',
    ...lines,
    '',
    `${button}: ${links.page}`,
    '',
    'Vänliga hälsningar',
    'Hälsoportalen',
    '',
    FOOTER_TEXT,
    `${stop}: ${links.unsubscribePage}`,
  ].join('\n');
  const paragraphs = lines
    .map((l) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(l)}</p>`)
    .join('');
  const html = `<!doctype html>
<html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<tr><td style="padding:24px 24px 8px;font-size:20px;font-weight:bold">Hälsoportalen</td></tr>
<tr><td style="padding:8px 24px 8px">
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">Hej!</p>${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(links.page)}" style="display:inline-block;padding:14px 24px;background:#1a56a6;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px;font-weight:bold">${escapeHtml(button)}</a></p>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">Vänliga hälsningar<br>Hälsoportalen</p>
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid #e4e7eb;font-size:13px;line-height:1.5;color:#52606d">${FOOTER_TEXT}<br><a href="${escapeHtml(links.unsubscribePage)}" style="color:#52606d">${escapeHtml(stop)}</a></td></tr>
</table></td></tr></table>
</body></html>`;
  return {
    to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const stopLine = (phrase: string) => `Vill du inte få e-post om ${phrase}? Avsluta här`;

/** 'Du har 3 nya meddelanden' — one mail for `count` events of a kind. */
export function batchedNoticeMail(
  to: string,
  kind: BatchedKind,
  count: number,
  links: NoticeLinks,
  phrase: string,
): OutgoingMail {
  const w = WORDING[kind];
  return noticeMail(
    to,
    w.subject,
    [count <= 1 ? w.one : w.many(count), 'Logga in i Hälsoportalen för att läsa.'],
    w.button,
    links,
    stopLine(phrase),
  );
}

/**
 * The reminder of a questionnaire still open 3 days before its last day: the day, never the
 * form's title or a question (the title can say what she is examined for).
 */
export function questionnaireReminderMail(
  to: string,
  dueDate: string,
  links: NoticeLinks,
  phrase: string,
): OutgoingMail {
  const day = swedishDay(dueDate);
  return noticeMail(
    to,
    'Påminnelse: en enkät väntar på dina svar',
    [
      'Du har en enkät i Hälsoportalen som ännu inte är inskickad.',
      `Sista dag att svara är ${day}.`,
    ],
    'Öppna dina enkäter',
    links,
    stopLine(phrase),
  );
}

export type MeetingChange = 'BOOKED' | 'MOVED' | 'CANCELLED' | 'REMINDER';

const MEETING_TEXT: Record<MeetingChange, { subject: string; line: (when: string) => string }> = {
  BOOKED: {
    subject: 'Nytt möte bokat',
    line: (when) => `Ett möte har bokats åt dig ${when}.`,
  },
  MOVED: {
    subject: 'Ditt möte har flyttats',
    line: (when) => `Ditt möte har flyttats till ${when}.`,
  },
  CANCELLED: {
    subject: 'Ditt möte har avbokats',
    line: (when) => `Ditt möte ${when} har avbokats.`,
  },
  REMINDER: {
    subject: 'Påminnelse: möte i morgon',
    line: (when) => `Påminnelse: du har ett möte ${when}.`,
  },
};

/** A meeting booked, moved, cancelled or tomorrow: time and with whom, never the note. */
export function meetingMail(
  to: string,
  change: MeetingChange,
  meeting: { startsAt: Date; staffName: string },
  links: NoticeLinks,
  phrase: string,
): OutgoingMail {
  const t = MEETING_TEXT[change];
  const lines = [
    `${t.line(`${swedishWhen(meeting.startsAt)}`)}`,
    `Mötet är med ${meeting.staffName}.`,
    change === 'CANCELLED'
      ? 'Kalenderfilen i mejlet tar bort mötet ur din kalender.'
      : change === 'REMINDER'
        ? 'Plats eller videolänk finns i Hälsoportalen.'
        : 'Lägg till mötet i din kalender med kalenderfilen i mejlet. Plats eller videolänk finns i Hälsoportalen.',
  ];
  return noticeMail(to, t.subject, lines, 'Se dina möten', links, stopLine(phrase));
}
