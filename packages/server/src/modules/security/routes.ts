// Strong sign-in (design §4.17): her methods on /profile/security, the login's second step by
// method, 'Logga in med nyckel', the clinic's sign-in settings and ADMIN's reset. Thin: the rules
// live in methods.ts, login-steps.ts and settings.ts; the staff rule itself is enforced for every
// client-data route by defineRoute (access/strong-rule.ts).
import { endpointDefs } from '@halsa/api/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HOUR, MINUTE } from '../../clock.ts';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';
import { AUTH_LIMITS, type RateLimitRule } from '../../security/rate-limit.ts';
import { toSessionUser } from '../auth/session-user.ts';
import { LoginSteps } from './login-steps.ts';
import { SignInMethods, type Actor } from './methods.ts';
import { SignInSettingsService } from './settings.ts';
import { strongSignInState } from '../../access/strong-rule.ts';

const perMinute = (max: number): RateLimitRule => ({ max, windowMs: MINUTE });

/** 'Logga in med nyckel': per address, and per account (the key's) as the e-mailed code's. */
const PASSKEY_LOGIN_LIMIT: RateLimitRule = {
  max: 300,
  windowMs: MINUTE,
  account: [
    {
      bucket: 'codes',
      by: 'passkeyCredential',
      count: 'failures',
      max: 10,
      windowMs: HOUR,
      backoff: true,
    },
  ],
};

export const securityModule: AppModule = (app, ctx) => {
  const methods = new SignInMethods(ctx);
  const steps = new LoginSteps(ctx, methods);
  const settings = new SignInSettingsService(ctx.db, ctx.clock, ctx.activity);

  const actorOf = (request: FastifyRequest): Actor => {
    const s = requireSession(request);
    return { userId: s.userId, role: s.role, ip: request.ip, sessionIdHash: s.idHash };
  };
  const meta = (request: FastifyRequest) => ({
    ip: request.ip,
    userAgent:
      typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });

  /** As verify-2fa: whatever session id came in is destroyed, a new one is issued. */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    await ctx.sessions.destroyByToken(ctx.sessions.tokenOf(request));
    const { token } = await ctx.sessions.create(userId, meta(request));
    ctx.sessions.setCookie(reply, token);
    const user = await ctx.auth.findSessionUser(userId);
    const state = await strongSignInState(ctx.db, { userId, role: user.role });
    return toSessionUser(user, state.mustSetUp);
  };

  // ---- her methods --------------------------------------------------------------------------
  defineRoute(app, endpointDefs.securityOverview, { audit: 'none' }, (request) =>
    methods.overview({
      ...actorOf(request),
      strongSignIn: requireSession(request).strongSignIn,
    }),
  );

  defineRoute(
    app,
    endpointDefs.passkeyRegistrationOptions,
    { rateLimit: perMinute(30), audit: 'none' },
    async (request) => ({ options: await methods.passkeyOptions(actorOf(request)) }),
  );

  defineRoute(
    app,
    endpointDefs.registerPasskey,
    {
      rateLimit: perMinute(30),
      audit: { records: ['SIGN_IN_METHOD_ADDED', 'SIGN_IN_METHOD_FAILED'] },
    },
    (request, _reply, { body }) =>
      methods.registerPasskey(actorOf(request), body.name, body.credential),
  );

  defineRoute(
    app,
    endpointDefs.startTotpSetup,
    { rateLimit: perMinute(20), audit: 'none' },
    (request) => methods.startTotp(actorOf(request)),
  );

  defineRoute(
    app,
    endpointDefs.confirmTotp,
    {
      rateLimit: perMinute(10),
      audit: { records: ['SIGN_IN_METHOD_ADDED', 'SIGN_IN_METHOD_FAILED'] },
    },
    (request, _reply, { params, body }) =>
      methods.confirmTotp(actorOf(request), params.id, body.code, body.name),
  );

  defineRoute(
    app,
    endpointDefs.createReserveCodes,
    { rateLimit: perMinute(10), audit: { records: ['RESERVE_CODES_CREATED'] } },
    (request) => methods.createReserveCodes(actorOf(request)),
  );

  // Her password again: at most 5 tries per 5 minutes.
  defineRoute(
    app,
    endpointDefs.removeSignInMethod,
    {
      rateLimit: { max: 5, windowMs: 5 * MINUTE },
      audit: { records: ['SIGN_IN_METHOD_REMOVED', 'SIGN_IN_METHOD_FAILED'] },
    },
    async (request, _reply, { params, body }) => {
      const actor = actorOf(request);
      await methods.remove(actor, params.id, body.password);
      // Her last strong method gone: under the staff rule her live subscriptions end (§4.17).
      await ctx.live.recheckAccess(actor.userId);
    },
  );

  // ---- the login's second step ----------------------------------------------------------------
  defineRoute(
    app,
    endpointDefs.loginStep,
    { rateLimit: perMinute(300), audit: 'none' },
    (_request, _reply, { body }) => steps.step(body.twoFactorId),
  );

  defineRoute(
    app,
    endpointDefs.loginPasskeyOptions,
    { rateLimit: perMinute(300), audit: 'none' },
    async (_request, _reply, { body }) => ({
      options: await steps.passkeyOptions(body.twoFactorId),
    }),
  );

  // The e-mailed code's limits: the same `codes` bucket of the account behind the twoFactorId.
  defineRoute(
    app,
    endpointDefs.verifyLoginStep,
    {
      rateLimit: AUTH_LIMITS.verify,
      audit: {
        records: ['SIGN_IN_METHOD_FAILED', 'PASSKEY_COUNTER_REFUSED', 'LOGIN_SUCCEEDED'],
      },
    },
    async (request, reply, { body }) => {
      const userId = await steps.verify(body, meta(request));
      return startSession(request, reply, userId);
    },
  );

  defineRoute(
    app,
    endpointDefs.passkeyLoginOptions,
    { rateLimit: perMinute(100), audit: 'none' },
    () => steps.passkeyLoginOptions(),
  );

  defineRoute(
    app,
    endpointDefs.passkeyLogin,
    {
      rateLimit: PASSKEY_LOGIN_LIMIT,
      audit: {
        records: [
          'SIGN_IN_METHOD_FAILED',
          'PASSKEY_COUNTER_REFUSED',
          'LOGIN_FAILED',
          'LOGIN_SUCCEEDED',
        ],
      },
    },
    async (request, reply, { body }) => {
      const userId = await steps.passkeyLogin(body.loginId, body.credential, meta(request));
      return startSession(request, reply, userId);
    },
  );

  // ---- the clinic's settings and ADMIN's reset ----------------------------------------------
  defineRoute(app, endpointDefs.signInSettings, { audit: 'none' }, () => settings.get());

  defineRoute(
    app,
    endpointDefs.updateSignInSettings,
    { audit: { records: ['SIGN_IN_SETTING_CHANGED'] } },
    async (request, _reply, { body }) => {
      const saved = await settings.update(body, {
        userId: requireSession(request).userId,
        ip: request.ip,
      });
      // The staff rule may now hold back staff already subscribed: every live grant is re-checked.
      await ctx.live.recheckAccess();
      return saved;
    },
  );

  defineRoute(
    app,
    endpointDefs.userSignInMethods,
    { audit: { action: 'SIGN_IN_METHODS_VIEWED', subject: ({ input }) => input.params.id } },
    async (_request, _reply, { params }) => ({ methods: await methods.listFor(params.id) }),
  );

  defineRoute(
    app,
    endpointDefs.resetSignInMethods,
    { rateLimit: perMinute(30), audit: { records: ['SIGN_IN_METHODS_RESET'] } },
    async (request, _reply, { params }) => {
      const left = await methods.reset(requireSession(request).userId, request.ip, params.id);
      // She sets up again: under the staff rule her live subscriptions end now.
      await ctx.live.recheckAccess(params.id);
      return { methods: left };
    },
  );
};
