// The demo's test broker (design §4.18): under DEMO=true without EID_* settings the server
// mounts the test broker (test-broker.ts) at /dev/eid on its own port and points the sign-in at
// it, so the demo shows the whole flow. Like /dev/mail it answers only this machine (loopback
// peer, loopback Host), and never in production.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { MESSAGES } from '../../http/errors.ts';
import { fromLoopback, loopbackHost } from '../dev/routes.ts';
import {
  DEFAULT_EID_LABEL,
  DEFAULT_PNR_CLAIM,
  TEST_BROKER_PATH,
  type EidSettings,
} from './config.ts';
import { CALLBACK_PATH } from './flow.ts';
import { EidLogins } from './service.ts';
import { createTestBroker } from './test-broker.ts';

export async function mountDemoBroker(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<EidSettings | undefined> {
  if (!ctx.config.demo || ctx.config.isProduction) return undefined;
  const settings: EidSettings = {
    issuer: `${ctx.config.publicUrl}${TEST_BROKER_PATH}`,
    clientId: 'halsoportalen-demo',
    clientSecret: randomBytes(24).toString('base64url'),
    label: DEFAULT_EID_LABEL,
    pnrClaim: DEFAULT_PNR_CLAIM,
  };
  const people = new EidLogins(ctx.db, ctx.clock);
  const broker = createTestBroker({
    ...settings,
    redirectUri: `${ctx.config.publicUrl}${CALLBACK_PATH}`,
    people: () => people.demoPeople(),
  });
  await app.register(async (scope) => {
    // oidc-provider reads request bodies itself: nothing here may consume the stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!fromLoopback(request) || !loopbackHost(request)) {
        return reply.code(404).send({ message: MESSAGES.notFound });
      }
      reply.hijack();
      await broker.handle(request.raw, reply.raw);
    };
    scope.all(TEST_BROKER_PATH, { config: { access: 'public' } }, handler);
    scope.all(`${TEST_BROKER_PATH}/*`, { config: { access: 'public' } }, handler);
  });
  return settings;
}
