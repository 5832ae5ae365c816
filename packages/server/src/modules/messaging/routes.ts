// Messaging routes of spec §7 (roles from the contract: every signed-in role), plus the
// attachment download `GET /api/v1/user/messaging/files/:fileId` (not in the contract yet).
// Who may see what is decided per conversation in service.ts: participants only.
//
// Additions to the contract this module accepts (optional, ignored by older clients):
//   - `clientMessageId` (UUID) as a multipart field of createConversation and uploadWithText,
//     the idempotency key the JSON sendMessage already has;
//   - `receiverId` as an optional multipart field of uploadWithText (checked when sent);
//   - `?after=<messageId>` on GET conversations/:id: only the messages after that id;
//   - a 409 of createConversation carries `conversationId` of the existing conversation.
import { CONVERSATION_FILE_FIELD, endpointDefs, type Conversation } from '@halsa/api/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { SIGNED_IN } from '../../http/types.ts';
import { parseInput } from '../../http/validate.ts';
import { UUID_RE } from '../../security/tokens.ts';
import { ATTACHMENT_URL_PREFIX, contentDisposition } from './attachments.ts';
import { brokerLookup, MessagingEvents, type PublisherSource } from './live.ts';
import { EDIT_BODY_LIMIT, MULTIPART_BODY_LIMIT, readMultipart } from './multipart.ts';
import {
  ConversationExistsError,
  MESSAGING_TEXT,
  MessagingService,
  type Viewer,
} from './service.ts';

/** The attachment download route (to be added to the contract as `messageAttachment`). */
export const ATTACHMENT_ROUTE = `${ATTACHMENT_URL_PREFIX}:fileId`;

export const MESSAGING_ACTIONS = {
  conversationDownloaded: 'CONVERSATION_DOWNLOADED',
} as const;

export interface MessagingModuleOptions {
  /**
   * Where live events go. Default: the broker at `ctx.live.broker` or `app.live.broker`,
   * looked up at publish time (nothing is published while there is none).
   */
  publisher?: PublisherSource;
  /** Receives the service once it is built (the live server's `authorize`, benchmarks). */
  onService?: (service: MessagingService) => void;
}

const clientMessageIdSchema = z.uuid('Fältet "clientMessageId" måste vara ett UUID.').optional();

const createFieldsSchema = z.object({
  receiverId: z.coerce
    .number({ error: MESSAGING_TEXT.chooseUser })
    .int(MESSAGING_TEXT.chooseUser)
    .positive(MESSAGING_TEXT.chooseUser),
  text: z.string().optional(),
  clientMessageId: clientMessageIdSchema,
});

const uploadFieldsSchema = z.object({
  text: z.string().optional(),
  receiverId: z.coerce
    .number({ error: MESSAGING_TEXT.wrongReceiver })
    .int(MESSAGING_TEXT.wrongReceiver)
    .positive(MESSAGING_TEXT.wrongReceiver)
    .optional(),
  clientMessageId: clientMessageIdSchema,
});

const afterQuerySchema = z.object({
  after: z.coerce
    .number({ error: 'Fältet "after" måste vara ett meddelande-id.' })
    .int('Fältet "after" måste vara ett meddelande-id.')
    .nonnegative('Fältet "after" måste vara ett meddelande-id.')
    .optional(),
});

const fileParamsSchema = z.object({
  fileId: z.string().regex(UUID_RE, MESSAGING_TEXT.fileNotFound),
});

const viewerOf = (request: FastifyRequest): Viewer => {
  const s = requireSession(request);
  return { userId: s.userId, role: s.role };
};

export function createMessagingModule(options: MessagingModuleOptions = {}): AppModule {
  return (app, ctx) => {
    const events = new MessagingEvents(options.publisher ?? brokerLookup(ctx, app), (err, dest) =>
      app.log.error({ err, destination: dest }, 'live: publicering misslyckades'),
    );
    const messaging = new MessagingService(ctx.db, ctx.clock, ctx.storage, events);
    options.onService?.(messaging);

    defineRoute(app, endpointDefs.conversations, {}, async (request) =>
      messaging.list(viewerOf(request)),
    );

    defineRoute(app, endpointDefs.filteredUsers, {}, async (request) =>
      messaging.filteredUsers(viewerOf(request)),
    );

    defineRoute(
      app,
      endpointDefs.createConversation,
      { bodyLimit: MULTIPART_BODY_LIMIT },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const form = await readMultipart(request, {
          fileField: CONVERSATION_FILE_FIELD,
          fields: ['receiverId', 'text', 'clientMessageId'],
        });
        if ((form.fields.receiverId ?? '').trim() === '') {
          throw badRequest(MESSAGING_TEXT.chooseUser);
        }
        const fields = parseInput(createFieldsSchema, form.fields);
        try {
          const { conversation, created } = await messaging.create(viewer, {
            receiverId: fields.receiverId,
            text: fields.text,
            file: form.file,
            clientMessageId: fields.clientMessageId,
          });
          reply.code(created ? 201 : 200);
          return conversation satisfies Conversation;
        } catch (error) {
          if (error instanceof ConversationExistsError) {
            return reply
              .code(409)
              .send({ message: error.message, conversationId: error.conversationId });
          }
          throw error;
        }
      },
    );

    defineRoute(app, endpointDefs.conversation, {}, async (request, _reply, { params }) => {
      const { after } = parseInput(afterQuerySchema, request.query ?? {});
      return messaging.get(viewerOf(request), params.id, after);
    });

    defineRoute(app, endpointDefs.sendMessage, {}, async (request, reply, { params, body }) => {
      const { message, created } = await messaging.send(viewerOf(request), params.id, {
        receiverId: body.receiverId,
        content: body.content,
        clientMessageId: body.clientMessageId,
      });
      reply.code(created ? 201 : 200);
      return message;
    });

    defineRoute(app, endpointDefs.markMessageRead, {}, async (request, _reply, { params }) => {
      await messaging.markRead(viewerOf(request), params.messageId);
    });

    defineRoute(
      app,
      endpointDefs.uploadWithText,
      { bodyLimit: MULTIPART_BODY_LIMIT },
      async (request, reply, { params }) => {
        const viewer = viewerOf(request);
        const form = await readMultipart(request, {
          fileField: CONVERSATION_FILE_FIELD,
          fields: ['text', 'receiverId', 'clientMessageId'],
        });
        const fields = parseInput(uploadFieldsSchema, form.fields);
        if (!form.file) {
          // Participants learn the rule; others learn nothing about the conversation.
          if (!(await messaging.isParticipant(params.id, viewer.userId))) {
            throw notFound(MESSAGING_TEXT.conversationNotFound);
          }
          throw badRequest(MESSAGING_TEXT.fileRequired);
        }
        const { message, created } = await messaging.send(viewer, params.id, {
          receiverId: fields.receiverId,
          content: fields.text ?? '',
          file: form.file,
          clientMessageId: fields.clientMessageId,
        });
        reply.code(created ? 201 : 200);
        return message;
      },
    );

    defineRoute(app, endpointDefs.downloadConversation, {}, async (request, reply, { params }) => {
      const viewer = viewerOf(request);
      const { text, fileName, partnerId } = await messaging.transcript(viewer, params.id);
      await ctx.activity.record({
        action: MESSAGING_ACTIONS.conversationDownloaded,
        actorUserId: viewer.userId,
        subjectUserId: partnerId,
        ip: request.ip,
        details: { conversationId: params.id },
      });
      return sendDownload(reply, Buffer.from(text, 'utf8'), 'text/plain; charset=utf-8', fileName);
    });

    defineRoute(
      app,
      endpointDefs.editMessage,
      { bodyLimit: EDIT_BODY_LIMIT },
      async (request, _reply, { params }) => {
        const viewer = viewerOf(request);
        const form = await readMultipart(request, { fields: ['newContent'] });
        const newContent = form.fields.newContent;
        return messaging.edit(viewer, params.id, params.messageId, newContent);
      },
    );

    // Not in the contract yet: the URL inside the content of a file message (spec §3).
    app.get(ATTACHMENT_ROUTE, { config: { access: SIGNED_IN } }, async (request, reply) => {
      const { fileId } = parseInput(fileParamsSchema, request.params);
      const file = await messaging.attachment(viewerOf(request), fileId.toLowerCase());
      return sendDownload(reply, file.data, file.mime, file.name);
    });
  };
}

/** A download: never rendered inline, never sniffed, never cached. */
function sendDownload(reply: FastifyReply, data: Buffer, type: string, name: string) {
  return reply
    .header('content-type', type)
    .header('content-disposition', contentDisposition(name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(data);
}

/** The module as registered in modules/index.ts. */
export const messagingModule: AppModule = createMessagingModule();

// Re-exported for the live wiring (authorize) and tests.
export { isConversationParticipant, MessagingService } from './service.ts';
