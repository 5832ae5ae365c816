// My account (profile): logout, change password, profile picture (upload, remove, serve), her
// details and who read them (access-log.ts).
import { ACCESS_LOG_PAGE_SIZE, endpointDefs, PROFILE_IMAGE_NOT_FOUND } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { toSessionUser } from '../auth/session-user.ts';
import { strongSignInState } from '../../access/strong-rule.ts';
import { bodyLimitOf, readUpload, UPLOAD_POLICIES, withUpload } from '../../files/upload.ts';
import { uploadLimitsFor } from '../../files/upload-limits.ts';
import { accessLogPage, myAccount } from './access-log.ts';
import { ProfileImageService } from './profile-image.ts';

export const profileModule: AppModule = (app, ctx) => {
  const { sessions, auth, activity } = ctx;
  const images = new ProfileImageService(ctx);

  defineRoute(
    app,
    endpointDefs.logout,
    { audit: { records: ['LOGOUT'] } },
    async (request, reply) => {
      const s = requireSession(request);
      await sessions.destroy(s.idHash);
      sessions.clearCookie(reply);
      await activity.record({
        action: 'LOGOUT',
        actorUserId: s.userId,
        subjectUserId: s.userId,
        ip: request.ip,
      });
    },
  );

  defineRoute(
    app,
    endpointDefs.changePassword,
    { rateLimit: { max: 10, windowMs: 60_000 }, audit: { records: ['PASSWORD_CHANGED'] } },
    async (request, reply, { body }) => {
      const s = requireSession(request);
      await auth.changePassword(s, body.currentPassword, body.newPassword, { ip: request.ip });
      // The other sessions were ended; this one goes on under a new id, so a copy of the old
      // cookie (the reason to change a password) is worth nothing either.
      const token = await sessions.rotate(s.idHash);
      if (token) sessions.setCookie(reply, token);
      else sessions.clearCookie(reply);
    },
  );

  defineRoute(
    app,
    endpointDefs.uploadProfileImage,
    {
      bodyLimit: bodyLimitOf(UPLOAD_POLICIES.profileImage),
      audit: { records: ['PROFILE_IMAGE_CHANGED'] },
    },
    async (request) => {
      const s = requireSession(request);
      const { file } = await readUpload(request, UPLOAD_POLICIES.profileImage, {
        storage: ctx.storage,
        guard: { limits: uploadLimitsFor(ctx), userId: s.userId },
      });
      const user = await withUpload(ctx.storage, file, () => images.replace(s.userId, file!));
      await activity.record({
        action: 'PROFILE_IMAGE_CHANGED',
        actorUserId: s.userId,
        subjectUserId: s.userId,
        ip: request.ip,
      });
      return toSessionUser(user, (await strongSignInState(ctx.db, s)).mustSetUp);
    },
  );

  defineRoute(
    app,
    endpointDefs.removeProfileImage,
    { audit: { records: ['PROFILE_IMAGE_REMOVED'] } },
    async (request) => {
      const s = requireSession(request);
      const user = await images.remove(s.userId);
      await activity.record({
        action: 'PROFILE_IMAGE_REMOVED',
        actorUserId: s.userId,
        subjectUserId: s.userId,
        ip: request.ip,
      });
      return toSessionUser(user, (await strongSignInState(ctx.db, s)).mustSetUp);
    },
  );

  // The address behind `imageUrl`: every signed-in role (messaging partners see the picture).
  // A profile picture is no client data (no health data, shown to whoever she writes with), so
  // fetching one is not logged.
  defineRoute(
    app,
    endpointDefs.profileImage,
    { audit: 'none' },
    async (_request, reply, { params }) => {
      const file = await images.find(params.fileId);
      // Streamed from storage, with the size counted at upload.
      const stream = file ? await ctx.storage.read(file.storage_key) : null;
      if (!file || !stream) throw notFound(PROFILE_IMAGE_NOT_FOUND);
      return reply
        .header('content-type', file.mime_type)
        .header('content-length', String(file.size_bytes))
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(stream);
    },
  );

  // Her own details: no id is read, so nobody else's can be asked for.
  defineRoute(app, endpointDefs.myAccount, { audit: 'none' }, async (request) =>
    myAccount(ctx.db, requireSession(request).userId),
  );

  defineRoute(app, endpointDefs.accessLog, { audit: 'none' }, async (request, _reply, { query }) =>
    accessLogPage(
      ctx.db,
      requireSession(request).userId,
      query.page ?? 1,
      query.size ?? ACCESS_LOG_PAGE_SIZE,
      query.lists ?? false,
    ),
  );
};
