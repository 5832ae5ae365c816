// /dev/mail: the dev outbox, newest first: a Swedish page for a browser (mail-page.ts), JSON for
// `?format=json` and any caller that does not ask for HTML. It exists only in demo mode (DEMO=true,
// never in production) without an SMTP server, and answers only a browser on this machine:
// a request from another address, or one that came through a proxy, gets the plain 404. So does
// one whose Host is not a loopback name: a page on a hostile domain whose DNS it re-points at
// 127.0.0.1 (DNS rebinding) reaches us from loopback, but its Host header still names that domain.
import type { FastifyRequest } from 'fastify';
import type { AppModule } from '../../context.ts';
import { MESSAGES } from '../../http/errors.ts';
import { DevOutbox } from '../../mail/mailer.ts';
import { mailPage } from './mail-page.ts';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d{1,5})?$/;

/** The socket's own peer address (never X-Forwarded-For), and no proxy headers at all. */
export function fromLoopback(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] || h['forwarded'] || h['x-real-ip']) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** The raw Host header (never X-Forwarded-Host) names this machine: localhost, 127.x, [::1]. */
export function loopbackHost(request: FastifyRequest): boolean {
  return LOOPBACK_HOST.test((request.headers.host ?? '').toLowerCase());
}

export const devModule: AppModule = (app, ctx) => {
  const outbox = ctx.mailer;
  if (!ctx.config.demo || ctx.config.isProduction || !(outbox instanceof DevOutbox)) return;
  app.get('/dev/mail', { config: { access: 'public' } }, async (request, reply) => {
    if (!fromLoopback(request) || !loopbackHost(request)) {
      return reply.code(404).send({ message: MESSAGES.notFound });
    }
    const mails = outbox.recent();
    const query = request.query as { format?: unknown };
    const wantsHtml = /\btext\/html\b/.test(request.headers.accept ?? '');
    if (query.format === 'json' || !wantsHtml) return { mails };
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(mailPage(mails));
  });
};
