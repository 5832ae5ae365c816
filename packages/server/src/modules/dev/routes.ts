// /dev/mail: the dev outbox as JSON, newest first. Registered only outside production
// and only when there is no SMTP server (modules/index.ts decides).
import type { AppModule } from '../../context.ts';
import { DevOutbox } from '../../mail/mailer.ts';

export const devModule: AppModule = (app, ctx) => {
  const outbox = ctx.mailer;
  if (ctx.config.isProduction || !(outbox instanceof DevOutbox)) return;
  app.get('/dev/mail', { config: { access: 'public' } }, async () => ({
    mails: outbox.recent(),
  }));
};
