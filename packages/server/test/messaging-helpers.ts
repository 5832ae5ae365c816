// Shared helpers of the messaging tests: multipart bodies, calls, fixtures.
import type { LightMyRequestResponse } from 'fastify';
import { ORIGIN, send, type TestApp } from './helpers.ts';

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export const BASE = '/api/v1/user/messaging';

export interface FilePart {
  field?: string;
  name: string;
  data: Buffer;
  type?: string;
}

export function multipart(fields: Record<string, string>, file?: FilePart) {
  const boundary = '----halsa' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export function sendForm(
  t: TestApp,
  method: 'POST' | 'PUT',
  url: string,
  cookie: string,
  fields: Record<string, string>,
  file?: FilePart,
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart(fields, file);
  return t.app.inject({
    method,
    url,
    headers: { ...ORIGIN, cookie, 'content-type': contentType },
    payload,
  });
}

export const createConversation = (
  t: TestApp,
  cookie: string,
  receiverId: number | string,
  text?: string,
  file?: FilePart,
  extra: Record<string, string> = {},
) =>
  sendForm(
    t,
    'POST',
    `${BASE}/conversations`,
    cookie,
    { receiverId: String(receiverId), ...(text === undefined ? {} : { text }), ...extra },
    file,
  );

export const sendText = (
  t: TestApp,
  cookie: string,
  conversationId: number | string,
  body: Record<string, unknown>,
) => send(t, 'POST', `${BASE}/conversations/${conversationId}/messages`, { cookie, body });

export const uploadFile = (
  t: TestApp,
  cookie: string,
  conversationId: number | string,
  file: FilePart | undefined,
  fields: Record<string, string> = {},
) =>
  sendForm(
    t,
    'POST',
    `${BASE}/conversations/${conversationId}/messages/uploadWithText`,
    cookie,
    fields,
    file,
  );

export const editMessage = (
  t: TestApp,
  cookie: string,
  conversationId: number | string,
  messageId: number | string,
  newContent: string,
) =>
  sendForm(t, 'PUT', `${BASE}/conversations/${conversationId}/messages/${messageId}/edit`, cookie, {
    newContent,
  });

export const markRead = (t: TestApp, cookie: string, messageId: number | string) =>
  send(t, 'PUT', `${BASE}/conversations/messages/${messageId}`, { cookie });

export const getConversation = (t: TestApp, cookie: string, id: number | string, query = '') =>
  send(t, 'GET', `${BASE}/conversations/${id}${query}`, { cookie });

export const listConversations = (t: TestApp, cookie: string) =>
  send(t, 'GET', `${BASE}/conversations`, { cookie });

/**
 * The id of the newest activity row (0 when there is none), after the background rows of what
 * came before (a client's message pushed to staff is logged by a background task).
 */
export async function lastLogId(t: TestApp): Promise<number> {
  await t.app.ctx.tasks.idle();
  const row = await t.db.db
    .selectFrom('activity_log')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
