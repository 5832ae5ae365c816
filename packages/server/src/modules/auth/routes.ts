// Routes of spec §7 "Authentication and account" that need no session (plus me).
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { AUTH_LIMITS } from '../../security/rate-limit.ts';
import { defineRoute } from '../../http/route.ts';
import { checkRegistrationExtras } from './schema.ts';
import { strongSignInState } from '../../access/strong-rule.ts';
import { toSessionUser } from './session-user.ts';

const perMinute = (max: number) => ({ max, windowMs: 60_000 });

export const authModule: AppModule = (app, ctx) => {
  const { auth, sessions } = ctx;
  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent:
      typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });

  defineRoute(app, endpointDefs.me, { audit: 'none' }, async (request) => {
    const s = requireSession(request);
    return toSessionUser(
      {
        id: s.userId,
        first_name: s.firstName,
        last_name: s.lastName,
        role: s.role,
        image_file_id: s.imageFileId,
      },
      (await strongSignInState(ctx.db, s)).mustSetUp,
    );
  });

  defineRoute(
    app,
    endpointDefs.authenticate,
    {
      rateLimit: AUTH_LIMITS.authenticate,
      audit: { records: ['LOGIN_FAILED', 'TWO_FACTOR_SENT'] },
    },
    async (request, _reply, { body }) => ({
      message: await auth.authenticate(body.email, body.password, meta(request)),
    }),
  );

  defineRoute(
    app,
    endpointDefs.verifyTwoFactor,
    { rateLimit: AUTH_LIMITS.verify, audit: { records: ['TWO_FACTOR_FAILED', 'LOGIN_SUCCEEDED'] } },
    async (request, reply, { body }) => {
      const userId = await auth.verifyTwoFactor(body.twoFactorId, body.code, meta(request));
      // Session fixation: whatever session id came in is destroyed, a new one is issued.
      await sessions.destroyByToken(sessions.tokenOf(request));
      const { token } = await sessions.create(userId, meta(request));
      sessions.setCookie(reply, token);
      const user = await auth.findSessionUser(userId);
      return toSessionUser(
        user,
        (await strongSignInState(ctx.db, { userId, role: user.role })).mustSetUp,
      );
    },
  );

  defineRoute(
    app,
    endpointDefs.resendTwoFactor,
    { rateLimit: AUTH_LIMITS.resend, audit: { records: ['TWO_FACTOR_SENT', 'TWO_FACTOR_RESENT'] } },
    async (request, _reply, { body }) => {
      await auth.resendTwoFactor(body.twoFactorId, meta(request));
    },
  );

  defineRoute(
    app,
    endpointDefs.forgotPassword,
    { rateLimit: AUTH_LIMITS.forgot, audit: { records: ['PASSWORD_RESET_REQUESTED'] } },
    async (request, _reply, { body }) => {
      await auth.forgotPassword(body.email, meta(request));
    },
  );

  defineRoute(
    app,
    endpointDefs.resetPassword,
    { rateLimit: perMinute(10), audit: { records: ['PASSWORD_RESET'] } },
    async (request, _reply, { body }) => {
      await auth.usePasswordToken('RESET_PASSWORD', body.token, body.password, meta(request));
    },
  );

  defineRoute(
    app,
    endpointDefs.setPassword,
    { rateLimit: perMinute(10), audit: { records: ['PASSWORD_SET'] } },
    async (request, _reply, { body }) => {
      await auth.usePasswordToken('SET_PASSWORD', body.token, body.password, meta(request));
    },
  );

  defineRoute(
    app,
    endpointDefs.register,
    { rateLimit: perMinute(10), audit: { records: ['REGISTERED'] } },
    async (request, reply, { body, query }) => {
      checkRegistrationExtras(body, ctx.clock.now());
      await auth.register(query.token, body, meta(request));
      reply.code(204);
    },
  );
};
