// E-legitimation through an OIDC broker (design §4.18, issue 33):
//   GET /api/v1/auth/eid           → { label } when configured, else { label: null } (for /login)
//   GET /api/v1/auth/eid/start     → 302 to the broker (returnTo: the page she asked for)
//   GET /api/v1/auth/eid/callback  → 302 to her page signed in, or to /login?eid=<refusal>
// Under DEMO=true without EID_* the test broker answers at /dev/eid (demo-broker.ts).
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { defineRoute } from '../../http/route.ts';
import { notFound } from '../../http/errors.ts';
import { mountDemoBroker } from './demo-broker.ts';
import { CALLBACK_PATH } from './flow.ts';
import { EidSignIn } from './sign-in.ts';

const perMinute = (max: number) => ({ max, windowMs: 60_000 });

export const eidModule: AppModule = async (app, ctx) => {
  const settings = ctx.config.eid ?? (await mountDemoBroker(app, ctx));
  const signIn = settings ? new EidSignIn(ctx, settings) : undefined;

  defineRoute(app, endpointDefs.eidLogin, { audit: 'none' }, async () => ({
    label: signIn?.settings.label ?? null,
  }));

  app.get<{ Querystring: { returnTo?: string } }>(
    '/api/v1/auth/eid/start',
    { config: { access: 'public', limits: perMinute(20) } },
    async (request, reply) => {
      if (!signIn) throw notFound();
      reply.header('Cache-Control', 'no-store');
      return reply.redirect(await signIn.start(request, reply, request.query.returnTo), 302);
    },
  );

  app.get(
    CALLBACK_PATH,
    { config: { access: 'public', limits: perMinute(20), crossSite: true } },
    async (request, reply) => {
      if (!signIn) throw notFound();
      reply.header('Cache-Control', 'no-store');
      return reply.redirect(await signIn.callback(request, reply), 302);
    },
  );
};
