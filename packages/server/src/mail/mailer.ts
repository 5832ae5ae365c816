// Outgoing mail: nodemailer over SMTP_URL, or (without it, only in demo mode, DEMO=true) a
// dev outbox that prints each mail and keeps the latest ones for GET /dev/mail (loopback only).
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../clock.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (notice mails, design §4.16). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** An iCalendar invitation as a text/calendar part (`method` REQUEST or CANCEL). */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string; filename?: string };
  /** Set by the outbox: the same on every try of one mail. */
  messageId?: string;
}

export interface StoredMail extends OutgoingMail {
  from: string;
  sentAt: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  readonly #transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    // nodemailer's pool: a connection is kept and reused for the next mails (up to 100 each, 5 at
    // once), not opened, greeted and closed for every mail. A batch of lab results mails a notice
    // to each of thousands of clients. An idle connection is closed after 4 minutes, below the 5
    // RFC 5321 asks a server to wait; a connection that breaks is dropped, and its mail fails
    // into the outbox's retry. Settings in SMTP_URL's query (`?pool=false`) still win.
    this.#transport = nodemailer.createTransport({ url, pool: true });
  }
  async send(mail: OutgoingMail): Promise<void> {
    await this.#transport.sendMail({ from: this.from, ...mail });
  }
  async close(): Promise<void> {
    this.#transport.close();
  }
}

export class DevOutbox implements Mailer {
  readonly kind = 'outbox' as const;
  readonly #mails: StoredMail[] = [];
  constructor(
    private readonly from: string,
    private readonly clock: Clock,
    private readonly print: (line: string) => void = (line) => console.log(line),
    private readonly keep = 50,
  ) {}
  async send(mail: OutgoingMail): Promise<void> {
    const stored: StoredMail = { from: this.from, sentAt: this.clock.now().toISOString(), ...mail };
    this.#mails.unshift(stored);
    this.#mails.length = Math.min(this.#mails.length, this.keep);
    this.print(
      `\n── dev-utkorg ─ till: ${mail.to} ─ ämne: ${mail.subject}\n${mail.text}\n──────────`,
    );
  }
  /** Newest first. */
  recent(): StoredMail[] {
    return [...this.#mails];
  }
  async close(): Promise<void> {}
}

export function createMailer(
  options: { smtpUrl: string | undefined; mailFrom: string; isProduction: boolean; demo: boolean },
  clock: Clock,
): Mailer {
  if (options.smtpUrl) return new SmtpMailer(options.smtpUrl, options.mailFrom);
  if (options.isProduction || !options.demo) throw new Error('SMTP_URL krävs utan DEMO=true.');
  return new DevOutbox(options.mailFrom, clock);
}
