// The routes of a kind of client file (spec §7 "Journal, labs, action plans"), registered by the
// lab-results and action-plan modules with their own endpoints:
//   POST upload/:userId               ADMIN, multipart `file`
//   GET  history/:userId              STAFF, ADMIN
//   GET  list?userId=                 signed in (own for USER)
//   GET  download/:fileName?userId=   signed in (own for USER)
// A USER's userId is forced to their own by the access hook (ownerParam), whatever was sent.
import type { Readable } from 'node:stream';
import type { endpointDefs } from '@halsa/api/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { requireSession } from '../http/access.ts';
import { badRequest } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import {
  ClientFileService,
  FILE_KINDS,
  type Caller,
  type ClientFileKind,
  type UploadReader,
} from './client-files.ts';
import { attachmentDisposition } from './names.ts';
import {
  bodyLimitOf,
  readUpload,
  UPLOAD_POLICIES,
  withUpload,
  type UploadPolicy,
} from './upload.ts';

type Defs = typeof endpointDefs;

export interface ClientFileEndpoints {
  upload: Defs['uploadLab'] | Defs['uploadActionPlan'];
  history: Defs['labHistory'] | Defs['actionPlanHistory'];
  list: Defs['labData'] | Defs['actionPlan'];
  download: Defs['downloadLab'] | Defs['downloadActionPlan'];
}

const OWNER = { ownerParam: 'userId' } as const;

function callerOf(request: FastifyRequest): Caller {
  const s = requireSession(request);
  return { userId: s.userId, role: s.role, ip: request.ip };
}

/**
 * Sends a stored file as a download that the browser never sniffs or caches, streamed from
 * storage (the length is the size counted at upload).
 */
export function sendFile(
  reply: FastifyReply,
  file: { fileName: string; mimeType: string; size: number; stream: Readable },
): FastifyReply {
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.size))
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.stream);
}

export function registerClientFileRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  kind: ClientFileKind,
  defs: ClientFileEndpoints,
  /** A kind's own upload policy and reader (lab results accept structured files too). */
  options: { policy?: UploadPolicy; reader?: UploadReader } = {},
): void {
  const files = new ClientFileService(
    ctx.db,
    ctx.clock,
    ctx.storage,
    ctx.activity,
    ctx.notifications,
  );
  const policy = options.policy ?? UPLOAD_POLICIES.clientFile;
  const { actions } = FILE_KINDS[kind];

  defineRoute(
    app,
    defs.upload,
    { bodyLimit: bodyLimitOf(policy), audit: { records: [actions.uploaded] } },
    async (request, reply, { params }) => {
      const caller = callerOf(request);
      if (!request.isMultipart()) throw badRequest(policy.messages.notMultipart);
      // 404 for an unknown client before the body is read.
      await files.requireClient(params.userId);
      const { file } = await readUpload(request, policy, { storage: ctx.storage });
      const entry = await withUpload(ctx.storage, file, () =>
        files.upload(kind, params.userId, caller, file!, options.reader),
      );
      reply.code(201);
      return entry;
    },
  );

  defineRoute(
    app,
    defs.history,
    {
      audit: { action: actions.listed, subject: ({ input }) => input.params.userId },
      careTeam: { client: ({ params }) => params.userId },
    },
    (request, _reply, { params }) =>
      files.list(kind, params.userId, callerOf(request), options.reader),
  );

  defineRoute(
    app,
    defs.list,
    {
      ...OWNER,
      audit: { action: actions.listed, subject: ({ input }) => input.query.userId },
      careTeam: { client: ({ query }) => query.userId },
    },
    (request, _reply, { query }) => files.list(kind, query.userId, callerOf(request)),
  );

  defineRoute(
    app,
    defs.download,
    {
      ...OWNER,
      audit: { records: [actions.downloaded] },
      careTeam: { client: ({ query }) => query.userId },
    },
    async (request, reply, { params, query }) =>
      sendFile(reply, await files.download(kind, query.userId, params.fileName, callerOf(request))),
  );
}
