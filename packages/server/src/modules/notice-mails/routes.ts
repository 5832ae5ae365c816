// 'E-postavisering' (design §4.16): a signed-in person reads and changes her switches. The
// public unsubscribe acts only on a POST (issue 34): the GET (and HEAD) of the address a mail
// links to says what its token names and changes nothing, since mail scanners open links; the
// mail program's one-click POST (RFC 8058: body `List-Unsubscribe=One-Click`, sent without
// cookies, as application/x-www-form-urlencoded or multipart/form-data, with any Origin or
// `Origin: null`) and the page's button turn the kind off; 'Ångra' turns it on again. The token
// is the authority (an HMAC per person and kind), so the one-click POST takes any origin.
import { endpointDefs } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { defineRoute } from '../../http/route.ts';

const UNSUBSCRIBE_LIMIT = { max: 30, windowMs: 60_000 };

export const noticeMailsModule: AppModule = async (app, ctx) => {
  const notices = ctx.noticeMails;

  defineRoute(app, endpointDefs.noticeMailSettings, { audit: 'none' }, async (request) => {
    const { userId, role } = requireSession(request);
    return notices.settings.get(userId, role);
  });

  defineRoute(
    app,
    endpointDefs.updateNoticeMailSettings,
    { audit: 'none' },
    async (request, _reply, { body }) => {
      const { userId, role } = requireSession(request);
      return notices.settings.update(userId, role, body);
    },
  );

  defineRoute(
    app,
    endpointDefs.unsubscribe,
    { audit: 'none', rateLimit: UNSUBSCRIBE_LIMIT },
    async (_request, _reply, { query }) => notices.unsubscribe(query.token, 'read'),
  );

  defineRoute(
    app,
    endpointDefs.resubscribe,
    { audit: 'none', rateLimit: UNSUBSCRIBE_LIMIT },
    async (_request, _reply, { query }) => notices.unsubscribe(query.token, 'on'),
  );

  // The one-click POST carries a form body that nobody reads: in a scope of its own that
  // accepts it, so no other route takes url-encoded bodies.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    defineRoute(
      scope,
      endpointDefs.unsubscribeOneClick,
      { audit: 'none', rateLimit: UNSUBSCRIBE_LIMIT, anyOrigin: true },
      async (_request, _reply, { query }) => notices.unsubscribe(query.token, 'off'),
    );
  });
};
