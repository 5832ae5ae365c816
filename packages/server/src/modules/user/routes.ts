// Signed-in account routes: logout, change password, profile picture.
import { endpointDefs, PROFILE_IMAGE_FIELD } from '@halsa/api/contract';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { SIGNED_IN } from '../../http/types.ts';
import { parseInput } from '../../http/validate.ts';
import { UUID_RE } from '../../security/tokens.ts';
import { ACTIONS } from '../activity/service.ts';
import { toSessionUser } from '../auth/session-user.ts';
import { ProfileImageService, PROFILE_IMAGE_MAX_BYTES } from './profile-image.ts';
import { z } from 'zod';

export const userModule: AppModule = (app, ctx) => {
  const { sessions, auth, activity, db } = ctx;
  const images = new ProfileImageService(ctx);

  defineRoute(app, endpointDefs.logout, {}, async (request, reply) => {
    const s = requireSession(request);
    await sessions.destroy(s.idHash);
    sessions.clearCookie(reply);
    await activity.record({
      action: ACTIONS.logout,
      actorUserId: s.userId,
      subjectUserId: s.userId,
      ip: request.ip,
    });
  });

  defineRoute(
    app,
    endpointDefs.changePassword,
    { rateLimit: { max: 10, windowMs: 60_000 } },
    async (request, _reply, { body }) => {
      const s = requireSession(request);
      await auth.changePassword(s, body.currentPassword, body.newPassword, { ip: request.ip });
    },
  );

  defineRoute(
    app,
    endpointDefs.uploadProfileImage,
    { bodyLimit: PROFILE_IMAGE_MAX_BYTES + 64 * 1024 },
    async (request) => {
      const s = requireSession(request);
      if (!request.isMultipart()) throw badRequest('Skicka bilden som multipart/form-data.');
      const part = await request.file({
        limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
      });
      if (!part || part.fieldname !== PROFILE_IMAGE_FIELD) {
        throw badRequest(`Ingen bild skickades i fältet "${PROFILE_IMAGE_FIELD}".`);
      }
      const data = await part.toBuffer();
      const user = await images.replace(s.userId, data, part.filename);
      await activity.record({
        action: ACTIONS.profileImageChanged,
        actorUserId: s.userId,
        subjectUserId: s.userId,
        ip: request.ip,
      });
      return toSessionUser(user);
    },
  );

  defineRoute(app, endpointDefs.removeProfileImage, {}, async (request) => {
    const s = requireSession(request);
    const user = await images.remove(s.userId);
    await activity.record({
      action: ACTIONS.profileImageRemoved,
      actorUserId: s.userId,
      subjectUserId: s.userId,
      ip: request.ip,
    });
    return toSessionUser(user);
  });

  // Not in the contract: the address behind `imageUrl`. Profile pictures are shown to every
  // signed-in user (messaging partners), so any signed-in role may fetch one.
  app.get(
    '/api/v1/user/image/:fileId',
    { config: { access: SIGNED_IN } },
    async (request, reply) => {
      const { fileId } = parseInput(
        z.object({ fileId: z.string().regex(UUID_RE, 'Bilden finns inte.') }),
        request.params,
      );
      const file = await db
        .selectFrom('files')
        .select(['storage_key', 'mime_type'])
        .where('id', '=', fileId)
        .where('kind', '=', 'PROFILE_IMAGE')
        .executeTakeFirst();
      const data = file ? await ctx.storage.get(file.storage_key) : null;
      if (!file || !data) throw notFound('Bilden finns inte.');
      return reply
        .header('content-type', file.mime_type)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(data);
    },
  );
};
