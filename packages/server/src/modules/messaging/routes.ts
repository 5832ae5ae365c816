// Messaging routes of spec §7 plus the attachment download `messageAttachment`
// (`GET /api/v1/user/messaging/files/:fileId`), all from the contract table: every signed-in
// role. Who may see what is decided per conversation in service.ts: participants only.
//
// Activity log (Patientdatalagen, design §5): a STAFF or ADMIN caller reading a conversation
// with a client (USER), or downloading one of its attachments, is recorded with the IP; so is
// every transcript download. A client reading their own conversation is not.
//
// Additions to spec §7, declared in the contract (optional, ignored by older clients):
//   - `clientMessageId` (UUID) as a multipart field of createConversation and uploadWithText,
//     the idempotency key the JSON sendMessage already has;
//   - `receiverId` as an optional multipart field of uploadWithText (checked when sent);
//   - `?after=<messageId>` on GET conversations/:id: only the messages after that id;
//   - a 409 of createConversation carries `conversationId` of the existing conversation;
//   - `?partnerId=<userId>` on GET conversations: only the conversation with that user;
//   - `GET unread-count`: `{ unreadMessages }`, the list's unread counts summed (the badge).
import {
  createConversationFieldsSchema,
  endpointDefs,
  uploadWithTextFieldsSchema,
  type Conversation,
} from '@halsa/api/contract';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppModule } from '../../context.ts';
import { requireSession } from '../../http/access.ts';
import { bodyLimitOf, readUpload, UPLOAD_POLICIES, withUpload } from '../../files/upload.ts';
import { uploadLimitsFor } from '../../files/upload-limits.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { requireCareRelation } from '../../access/care-relation.ts';
import { parseInput } from '../../http/validate.ts';
import { contentDisposition } from './attachments.ts';
import { brokerLookup, MessagingEvents, type PublisherSource } from './live.ts';
import { pushAudit, recordListPreviews } from './preview-audit.ts';
import {
  ConversationExistsError,
  MESSAGING_TEXT,
  MessagingService,
  type Partner,
  type Viewer,
} from './service.ts';

/** The multipart text fields each form may carry: the keys of its contract schema. */
const CREATE_FIELDS = Object.keys(createConversationFieldsSchema.shape);
const UPLOAD_FIELDS = Object.keys(uploadWithTextFieldsSchema.shape);

export const MESSAGING_ACTIONS = {
  conversationDownloaded: 'CONVERSATION_DOWNLOADED',
  /** Staff or an admin read a conversation with a client (Patientdatalagen, design §5). */
  conversationRead: 'CONVERSATION_READ',
  /** Staff or an admin opened a client's message that was unread until then (it arrived live). */
  messageRead: 'MESSAGE_READ',
  /** Staff or an admin downloaded an attachment of a conversation with a client. */
  messageAttachmentDownloaded: 'MESSAGE_ATTACHMENT_DOWNLOADED',
} as const;

/**
 * Whether a read is staff reading a client's data, which the activity log must record
 * (design §5): the caller is STAFF or ADMIN and the partner is a USER. A client reading their
 * own conversation, or staff talking with staff, is not.
 */
const staffReadsClient = (viewer: Viewer, partner: Partner) =>
  viewer.role !== 'USER' && partner.role === 'USER';

export interface MessagingModuleOptions {
  /**
   * Where live events go. Default: the broker at `ctx.live.broker` or `app.live.broker`,
   * looked up at publish time (nothing is published while there is none).
   */
  publisher?: PublisherSource;
  /** Receives the service once it is built (the live server's `authorize`, benchmarks). */
  onService?: (service: MessagingService) => void;
}

const viewerOf = (request: FastifyRequest): Viewer => {
  const s = requireSession(request);
  return { userId: s.userId, role: s.role };
};

export function createMessagingModule(options: MessagingModuleOptions = {}): AppModule {
  return (app, ctx) => {
    const events = new MessagingEvents(
      options.publisher ?? brokerLookup(ctx, app),
      (err, dest) => app.log.error({ err, destination: dest }, 'live: publicering misslyckades'),
      pushAudit(ctx.db, ctx.activity, ctx.tasks),
    );
    const messaging = new MessagingService(ctx.db, ctx.clock, ctx.storage, events, ctx.noticeMails);
    // Design §4.14: STAFF reads and writes a client's conversation only within her care team.
    const byConversation = {
      client: ({ params }: { params: { id: number } }, request: FastifyRequest) =>
        messaging.clientPartnerOf(viewerOf(request), { conversationId: params.id }),
    };
    options.onService?.(messaging);

    defineRoute(
      app,
      endpointDefs.conversations,
      { audit: { records: ['CONVERSATION_LIST_VIEWED'] } },
      async (request, _reply, { query }) => {
        const viewer = viewerOf(request);
        // `?partnerId=` (a coach's client page): her one conversation with that user, so one
        // preview row is logged, not one per client of her list.
        const list = await messaging.list(viewer, { partnerId: query.partnerId });
        await recordListPreviews(ctx.activity, viewer, list, request.ip);
        return list.map((r) => r.conversation);
      },
    );

    // The badge of every signed-in page (issue 38): the list's unread counts summed in the
    // database. A number, no message text and no names, so no preview is shown and no preview
    // row is logged (preview-audit.ts); the list, when the panel opens, logs what it shows.
    defineRoute(app, endpointDefs.unreadCount, { audit: 'none' }, async (request) => ({
      unreadMessages: await messaging.unreadCount(viewerOf(request)),
    }));

    // The people one may write to: for staff a list of clients by name, so one access row per
    // client on it (design §4.14, issue 34), as the client list writes.
    defineRoute(
      app,
      endpointDefs.filteredUsers,
      {
        audit: {
          action: 'CLIENT_LIST_VIEWED',
          subject: ({ result }) =>
            (result as { id: number; role: string }[])
              .filter((u) => u.role === 'USER')
              .map((u) => u.id),
          details: () => ({ list: 'MESSAGE_RECIPIENTS' }),
        },
      },
      async (request) => messaging.filteredUsers(viewerOf(request)),
    );

    defineRoute(
      app,
      endpointDefs.createConversation,
      { bodyLimit: bodyLimitOf(UPLOAD_POLICIES.messageAttachment), audit: 'none' },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const form = await readUpload(request, UPLOAD_POLICIES.messageAttachment, {
          storage: ctx.storage,
          fields: CREATE_FIELDS,
          guard: { limits: uploadLimitsFor(ctx), userId: requireSession(request).userId },
        });
        return withUpload(ctx.storage, form.file, async () => {
          if ((form.fields.receiverId ?? '').trim() === '') {
            throw badRequest(MESSAGING_TEXT.chooseUser);
          }
          const fields = parseInput(createConversationFieldsSchema, form.fields);
          // Design §4.14: a STAFF member writes first only to her care team's clients.
          await requireCareRelation(ctx.db, viewer, fields.receiverId, ctx.clock.now());
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
        });
      },
    );

    defineRoute(
      app,
      endpointDefs.conversation,
      { audit: { records: ['CONVERSATION_READ'] }, careTeam: byConversation },
      async (request, _reply, { params, query }) => {
        const viewer = viewerOf(request);
        const { conversation, partner } = await messaging.read(viewer, params.id, query.after);
        if (staffReadsClient(viewer, partner)) {
          await ctx.activity.record({
            action: MESSAGING_ACTIONS.conversationRead,
            actorUserId: viewer.userId,
            subjectUserId: partner.id,
            ip: request.ip,
            details: {
              conversationId: conversation.conversationId,
              ...(query.after === undefined ? {} : { after: query.after }),
            },
          });
        }
        return conversation;
      },
    );

    defineRoute(
      app,
      endpointDefs.sendMessage,
      // The rule is read in the send's own first statement (touchParticipant): the hot path of
      // messaging pays no round trip of its own for it (bench:cluster, issue 27).
      { audit: 'none', careTeam: 'filtered' },
      async (request, reply, { params, body }) => {
        const { message, created } = await messaging.send(viewerOf(request), params.id, {
          receiverId: body.receiverId,
          content: body.content,
          clientMessageId: body.clientMessageId,
        });
        reply.code(created ? 201 : 200);
        return message;
      },
    );

    defineRoute(
      app,
      endpointDefs.markMessageRead,
      {
        audit: { records: ['MESSAGE_READ'] },
        careTeam: {
          client: ({ params }, request) =>
            messaging.clientPartnerOf(viewerOf(request), { messageId: params.messageId }),
        },
      },
      async (request, _reply, { params }) => {
        const viewer = viewerOf(request);
        const read = await messaging.markRead(viewer, params.messageId);
        // A message that arrives live while the conversation is open is read without a GET of the
        // conversation; the view marks it read, so that is where staff's read is recorded.
        if (read && staffReadsClient(viewer, read.sender)) {
          await ctx.activity.record({
            action: MESSAGING_ACTIONS.messageRead,
            actorUserId: viewer.userId,
            subjectUserId: read.sender.id,
            ip: request.ip,
            details: { conversationId: read.conversationId, messageId: params.messageId },
          });
        }
      },
    );

    defineRoute(
      app,
      endpointDefs.uploadWithText,
      {
        bodyLimit: bodyLimitOf(UPLOAD_POLICIES.messageAttachment),
        audit: 'none',
        careTeam: byConversation,
      },
      async (request, reply, { params }) => {
        const viewer = viewerOf(request);
        const form = await readUpload(request, UPLOAD_POLICIES.messageAttachment, {
          storage: ctx.storage,
          fields: UPLOAD_FIELDS,
          guard: { limits: uploadLimitsFor(ctx), userId: requireSession(request).userId },
        });
        const file = form.file;
        return withUpload(ctx.storage, file, async () => {
          const fields = parseInput(uploadWithTextFieldsSchema, form.fields);
          if (!file) {
            // Participants learn the rule; others learn nothing about the conversation.
            if (!(await messaging.isParticipant(params.id, viewer.userId))) {
              throw notFound(MESSAGING_TEXT.conversationNotFound);
            }
            throw badRequest(MESSAGING_TEXT.fileRequired);
          }
          const { message, created } = await messaging.send(viewer, params.id, {
            receiverId: fields.receiverId,
            content: fields.text ?? '',
            file,
            clientMessageId: fields.clientMessageId,
          });
          reply.code(created ? 201 : 200);
          return message;
        });
      },
    );

    defineRoute(
      app,
      endpointDefs.downloadConversation,
      { audit: { records: ['CONVERSATION_DOWNLOADED'] }, careTeam: byConversation },
      async (request, reply, { params }) => {
        const viewer = viewerOf(request);
        const { text, fileName, partnerId } = await messaging.transcript(viewer, params.id);
        await ctx.activity.record({
          action: MESSAGING_ACTIONS.conversationDownloaded,
          actorUserId: viewer.userId,
          subjectUserId: partnerId,
          ip: request.ip,
          details: { conversationId: params.id },
        });
        const data = Buffer.from(text, 'utf8');
        return sendDownload(reply, data, data.length, 'text/plain; charset=utf-8', fileName);
      },
    );

    defineRoute(
      app,
      endpointDefs.editMessage,
      {
        bodyLimit: bodyLimitOf(UPLOAD_POLICIES.messageEdit),
        audit: 'none',
        careTeam: byConversation,
      },
      async (request, _reply, { params }) => {
        const viewer = viewerOf(request);
        const form = await readUpload(request, UPLOAD_POLICIES.messageEdit);
        const newContent = form.fields.newContent;
        return messaging.edit(viewer, params.id, params.messageId, newContent);
      },
    );

    // The URL inside the content of a file message (spec §3).
    defineRoute(
      app,
      endpointDefs.messageAttachment,
      {
        audit: { records: ['MESSAGE_ATTACHMENT_DOWNLOADED'] },
        careTeam: {
          client: ({ params }, request) =>
            messaging.clientPartnerOf(viewerOf(request), { fileId: params.fileId }),
        },
      },
      async (request, reply, { params }) => {
        const viewer = viewerOf(request);
        const fileId = params.fileId.toLowerCase();
        const file = await messaging.attachment(viewer, fileId);
        if (staffReadsClient(viewer, file.partner)) {
          await ctx.activity.record({
            action: MESSAGING_ACTIONS.messageAttachmentDownloaded,
            actorUserId: viewer.userId,
            subjectUserId: file.partner.id,
            ip: request.ip,
            details: { conversationId: file.conversationId, fileId },
          });
        }
        return sendDownload(reply, file.stream, file.size, file.mime, file.name);
      },
    );
  };
}

/** A download: never rendered inline, never sniffed, never cached; streamed from storage. */
function sendDownload(
  reply: FastifyReply,
  body: Buffer | Readable,
  size: number,
  type: string,
  name: string,
) {
  return reply
    .header('content-type', type)
    .header('content-length', String(size))
    .header('content-disposition', contentDisposition(name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(body);
}

/** The module as registered in modules/index.ts. */
export const messagingModule: AppModule = createMessagingModule();

// Re-exported for the live wiring (authorize) and tests.
export { isConversationParticipant, MessagingService } from './service.ts';
