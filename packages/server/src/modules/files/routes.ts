// Routes of spec §7 "Journal, labs, action plans" for lab results and action plans:
//   POST /api/v1/admin/upload-lab/:userId, /upload-action-plan/:userId      ADMIN, multipart `file`
//   GET  /api/v1/admin/lab-data/:userId, /action-plan-data/:userId           STAFF, ADMIN (history)
//   GET  /api/v1/user/lab-data?userId=, /action-plan?userId=                 signed in (own for USER)
//   GET  /api/v1/user/download/lab-data/:fileName?userId=, /action-plan/…    signed in (own for USER)
// A USER's userId is forced to their own by the access hook (ownerParam), whatever was sent.
import { endpointDefs, UPLOAD_FILE_FIELD } from '@halsa/api/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { attachmentDisposition } from './names.ts';
import {
  ClientFileService,
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  type Caller,
  type ClientFileKind,
  type DownloadedFile,
} from './service.ts';

const OWNER = { ownerParam: 'userId' } as const;

function callerOf(request: FastifyRequest): Caller {
  const s = requireSession(request);
  return { userId: s.userId, role: s.role, ip: request.ip };
}

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE';
}

/** The one file of a multipart body, read into memory within FILE_MAX_BYTES. */
async function readUpload(request: FastifyRequest): Promise<{ data: Buffer; name: string }> {
  if (!request.isMultipart()) throw badRequest(FILE_MESSAGES.notMultipart);
  try {
    const part = await request.file({
      limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    if (!part || part.fieldname !== UPLOAD_FILE_FIELD) throw badRequest(FILE_MESSAGES.noFile);
    const data = await part.toBuffer();
    if (data.length === 0) throw badRequest(FILE_MESSAGES.noFile);
    return { data, name: part.filename };
  } catch (error) {
    if (isTooLarge(error)) throw new HttpError(413, FILE_MESSAGES.tooLarge);
    throw error;
  }
}

function sendFile(reply: FastifyReply, file: DownloadedFile): FastifyReply {
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.data.length))
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.data);
}

export const filesModule: AppModule = (app, ctx) => {
  const files = new ClientFileService(
    ctx.db,
    ctx.clock,
    ctx.storage,
    ctx.activity,
    ctx.notifications,
  );

  const upload =
    (kind: ClientFileKind) =>
    async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
      const caller = callerOf(request);
      if (!request.isMultipart()) throw badRequest(FILE_MESSAGES.notMultipart);
      // 404 for an unknown client before the body is read.
      await files.requireClient(userId);
      const { data, name } = await readUpload(request);
      const entry = await files.upload(kind, userId, caller, data, name);
      reply.code(201);
      return entry;
    };

  // Body limit a little above the file limit (multipart framing); the file limit answers first.
  const uploadOptions = { bodyLimit: FILE_MAX_BYTES + 256 * 1024 };

  defineRoute(app, endpointDefs.uploadLab, uploadOptions, (request, reply, { params }) =>
    upload('LAB_RESULT')(request, reply, params.userId),
  );
  defineRoute(app, endpointDefs.uploadActionPlan, uploadOptions, (request, reply, { params }) =>
    upload('ACTION_PLAN')(request, reply, params.userId),
  );

  defineRoute(app, endpointDefs.labHistory, {}, (request, _reply, { params }) =>
    files.list('LAB_RESULT', params.userId, callerOf(request)),
  );
  defineRoute(app, endpointDefs.actionPlanHistory, {}, (request, _reply, { params }) =>
    files.list('ACTION_PLAN', params.userId, callerOf(request)),
  );

  defineRoute(app, endpointDefs.labData, OWNER, (request, _reply, { query }) =>
    files.list('LAB_RESULT', query.userId, callerOf(request)),
  );
  defineRoute(app, endpointDefs.actionPlan, OWNER, (request, _reply, { query }) =>
    files.list('ACTION_PLAN', query.userId, callerOf(request)),
  );

  defineRoute(app, endpointDefs.downloadLab, OWNER, async (request, reply, { params, query }) =>
    sendFile(
      reply,
      await files.download('LAB_RESULT', query.userId, params.fileName, callerOf(request)),
    ),
  );
  defineRoute(
    app,
    endpointDefs.downloadActionPlan,
    OWNER,
    async (request, reply, { params, query }) =>
      sendFile(
        reply,
        await files.download('ACTION_PLAN', query.userId, params.fileName, callerOf(request)),
      ),
  );
};
