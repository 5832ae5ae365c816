// The one upload reader: each policy's limit answers 413 and stores nothing, a wrong part or a
// missing file 400, a right file is streamed whole into storage. Through a real Fastify with
// @fastify/multipart.
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { MemoryStorage } from './storage.ts';
import { bodyLimitOf, readUpload, UPLOAD_POLICIES, type UploadPolicy } from './upload.ts';

const app = Fastify();
const storage = new MemoryStorage();

function form(field: string | null, bytes: number, fields: Record<string, string> = {}) {
  const boundary = '----halsa';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (field) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      Buffer.alloc(bytes, 0x25),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

beforeAll(async () => {
  await app.register(multipart);
  app.setErrorHandler((error, _request, reply) =>
    error instanceof HttpError
      ? reply.code(error.statusCode).send({ message: error.message })
      : reply.code(500).send({ message: String(error) }),
  );
  for (const [name, policy] of Object.entries(UPLOAD_POLICIES) as [string, UploadPolicy][]) {
    app.post(`/${name}`, { bodyLimit: bodyLimitOf(policy) + 1024 * 1024 }, async (request) => {
      const { fields, file } = await readUpload(request, policy, {
        storage,
        fields: [...(policy.fields ?? []), 'text'],
      });
      const stored = file ? storage.blobs.get(file.key) : undefined;
      return { fields, bytes: file?.size ?? null, storedBytes: stored?.length ?? null };
    });
  }
  await app.ready();
});
afterAll(() => app.close());

const cases = Object.entries(UPLOAD_POLICIES) as [keyof typeof UPLOAD_POLICIES, UploadPolicy][];

describe('readUpload, per policy', () => {
  it.each(cases.filter(([, p]) => p.fileField))(
    '%s: a file over the limit is 413',
    async (name, policy) => {
      const res = await app.inject({
        method: 'POST',
        url: `/${name}`,
        ...form('file', policy.maxBytes + 1),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(policy.messages.tooLarge);
      expect(storage.blobs.size).toBe(0);
    },
  );

  it.each(cases.filter(([, p]) => p.fileField))(
    '%s: a file at the limit is stored whole',
    async (name, policy) => {
      const res = await app.inject({
        method: 'POST',
        url: `/${name}`,
        ...form('file', policy.maxBytes, { text: 'hej' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        fields: { text: 'hej' },
        bytes: policy.maxBytes,
        storedBytes: policy.maxBytes,
      });
      storage.blobs.clear();
    },
  );

  it.each(cases.filter(([, p]) => p.requireFile))(
    '%s: no file or a wrong part is 400',
    async (name, policy) => {
      for (const field of [null, 'bilaga']) {
        const res = await app.inject({ method: 'POST', url: `/${name}`, ...form(field, 10) });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(policy.messages.noFile);
      }
    },
  );

  it('a form of text fields only refuses a file, and a body that is not multipart', async () => {
    const res = await app.inject({ method: 'POST', url: '/messageEdit', ...form('file', 10) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Förfrågan får inte innehålla filer.');
    const json = await app.inject({ method: 'POST', url: '/messageEdit', payload: { a: 1 } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(UPLOAD_POLICIES.messageEdit.messages.notMultipart);
  });
});
