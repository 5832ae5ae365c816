// A real SMTP server on loopback for tests: it keeps what it receives, and can be stopped and
// started again on the same port (an SMTP outage).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  raw: string;
}

export class SmtpCatcher {
  readonly received: Received[] = [];
  #server: SMTPServer | null = null;
  port = 0;
  async start(): Promise<void> {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // The mailer keeps its connection (a pool): stopping drops it after this grace, as an
      // outage would, instead of smtp-server's 30 s.
      closeTimeout: 100,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.#server.server.address() as AddressInfo).port;
  }
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The mailed link that starts with `path` (e.g. '/reset-password'), decoded from the raw mail. */
export function linkIn(raw: string, path: string): string {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(new RegExp(`https?://[^\\s]*${path}\\?token=[A-Za-z0-9_%-]+`));
  if (!m) throw new Error(`no ${path} link in the mail`);
  return m[0];
}
