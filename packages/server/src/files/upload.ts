// The one reader of multipart uploads. Each kind of upload has a policy: how large its file may
// be, which part carries it, whether one is required and which text fields come with it.
// The same answers everywhere: a file over the limit is 413, anything else unexpected is a 400,
// each with a Swedish message. The type of a file is checked by content in the service that
// keeps it (`sniff.ts` on the first bytes), never by the name or the Content-Type the browser sent.
//
// The file streams into storage as it arrives (issue 16 §7), counted, hashed (SHA-256) and its
// first bytes kept for the type check: no upload is held whole in memory. A file over the limit
// stops the stream and nothing of it is stored. The caller gets a stored file (`StoredUpload`)
// and hands it to a service inside `withUpload`, which removes it again unless the service
// kept it (`kept`, set once the row that points at it is committed).
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, FileKind } from '../db/schema.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { newId } from '../security/tokens.ts';
import type { FileStorage } from './storage.ts';
import type { UploadLimits } from './upload-limits.ts';

export interface UploadPolicy {
  /** Largest file in bytes. */
  maxBytes: number;
  /** Name of the file part; without it the form may carry no file. */
  fileField?: string;
  /** A form without a file is refused with `messages.noFile`. */
  requireFile?: boolean;
  /** Text fields read from the form; others are ignored. */
  fields?: readonly string[];
  messages: {
    tooLarge: string;
    notMultipart: string;
    noFile?: string;
  };
}

/** An uploaded file, already in storage under `key`. */
export interface StoredUpload {
  key: string;
  /** Bytes counted as they streamed in. */
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
  /** The first bytes (at most HEAD_BYTES), for the type check by content. */
  head: Buffer;
  /** As the client named it; data only, never a path. */
  filename: string;
  /** Set by the service that keeps the file; `withUpload` removes a file nobody kept. */
  kept: boolean;
}

/**
 * The `files` row that keeps a stored upload (every kind: lab result, action plan, attachment,
 * profile picture). Call it inside the transaction that commits what points at the file.
 */
export async function insertFileRow(
  db: Kysely<Database>,
  row: {
    id: string;
    kind: FileKind;
    subjectUserId: number;
    uploadedBy: number;
    name: string;
    mime: string;
    file: StoredUpload;
    at: Date;
  },
): Promise<void> {
  await db
    .insertInto('files')
    .values({
      id: row.id,
      kind: row.kind,
      subject_user_id: row.subjectUserId,
      uploaded_by: row.uploadedBy,
      storage_key: row.file.key,
      original_name: row.name,
      mime_type: row.mime,
      size_bytes: row.file.size,
      sha256: row.file.sha256,
      created_at: row.at,
    })
    .execute();
}

export interface UploadForm {
  fields: Record<string, string>;
  file: StoredUpload | null;
}

/** How many first bytes of a file are kept for the type check (sniff.ts, lab-results/parse.ts). */
export const HEAD_BYTES = 4096;

const MB = 1024 * 1024;
const NOT_MULTIPART = 'Skicka formuläret som multipart/form-data.';
/** Per text field; a message is at most 5 000 characters (up to 4 bytes each). */
const FIELD_BYTES = 32 * 1024;
/** Room for the multipart framing and the text fields above the file limit. */
const FRAMING_BYTES = 256 * 1024;

/** The policies of every upload the server takes. */
export const UPLOAD_POLICIES = {
  /** Lab results and action plans an ADMIN uploads for a client: PDF, PNG or JPEG. */
  clientFile: {
    maxBytes: 10 * MB,
    fileField: 'file',
    requireFile: true,
    messages: {
      tooLarge: 'Filen är för stor. Den får vara högst 10 MB.',
      notMultipart: 'Skicka filen som multipart/form-data.',
      noFile: 'Välj en fil att ladda upp.',
    },
  },
  /**
   * Lab results an ADMIN uploads for a client: PDF, PNG, JPEG, or the structured CSV and FHIR
   * JSON of design §4.12 (read by modules/lab-results/parse.ts; other text is refused there).
   * 25 MB: a laboratory's FHIR export of a large report is ~20 MB (5 000 Observations), read
   * whole (files/client-files.ts READ_WHOLE_MAX_BYTES; bench:fhir measured +66 MB heap at 19 MB).
   */
  labFile: {
    maxBytes: 25 * MB,
    fileField: 'file',
    requireFile: true,
    messages: {
      tooLarge: 'Filen är för stor. Den får vara högst 25 MB.',
      notMultipart: 'Skicka filen som multipart/form-data.',
      noFile: 'Välj en fil att ladda upp.',
    },
  },
  /** A user's own profile picture: an image. */
  profileImage: {
    maxBytes: 2 * MB,
    fileField: 'file',
    requireFile: true,
    messages: {
      tooLarge: 'Bilden är för stor. Den får vara högst 2 MB.',
      notMultipart: 'Skicka bilden som multipart/form-data.',
      noFile: 'Ingen bild skickades i fältet "file".',
    },
  },
  /** A message with an optional attachment (new conversation, upload with text). */
  messageAttachment: {
    maxBytes: 10 * MB,
    fileField: 'file',
    messages: {
      tooLarge: 'Filen är för stor. Största tillåtna storlek är 10 MB.',
      notMultipart: NOT_MULTIPART,
    },
  },
  /** Editing a message: text fields only. */
  messageEdit: {
    maxBytes: 0,
    fields: ['newContent'],
    messages: { tooLarge: 'Förfrågan är för stor.', notMultipart: NOT_MULTIPART },
  },
} as const satisfies Record<string, UploadPolicy>;

/** The `bodyLimit` of a route taking this upload: the file limit plus room for the framing. */
export const bodyLimitOf = (policy: UploadPolicy): number =>
  policy.maxBytes + (policy.maxBytes > 0 ? FRAMING_BYTES : FRAMING_BYTES / 2);

const tooLarge = (policy: UploadPolicy) => new HttpError(413, policy.messages.tooLarge);

/** Per-user limits of a user's own uploads (upload-limits.ts): whose, and the counters. */
export interface UploadGuard {
  limits: UploadLimits;
  userId: number;
}

/**
 * Reads the form of `request` under `policy`, streaming its file into `storage`; `fields`
 * extends the policy's text fields. With a `guard`, a file part is admitted (rate, quota) before
 * its bytes are read, and removed again when its counted size takes the user over the quota.
 * Whatever fails after the file was stored removes it; once answered, the caller owns it (see
 * `withUpload`).
 */
export async function readUpload(
  request: FastifyRequest,
  policy: UploadPolicy,
  options: { storage?: FileStorage; fields?: readonly string[]; guard?: UploadGuard } = {},
): Promise<UploadForm> {
  const { storage, guard } = options;
  const fields = options.fields ?? policy.fields ?? [];
  if (!request.isMultipart()) throw badRequest(policy.messages.notMultipart);
  const form: UploadForm = { fields: {}, file: null };
  try {
    const parts = request.parts({
      limits: {
        fileSize: policy.maxBytes,
        files: 1,
        fields: fields.length + 2,
        parts: fields.length + 3,
        fieldSize: FIELD_BYTES,
        fieldNameSize: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!policy.fileField || part.fieldname !== policy.fileField || !storage) {
          part.file.resume();
          throw badRequest(
            !policy.fileField || !storage
              ? 'Förfrågan får inte innehålla filer.'
              : (policy.requireFile && policy.messages.noFile) ||
                  `Filen ska skickas i fältet "${policy.fileField}".`,
          );
        }
        if (guard) {
          try {
            await guard.limits.admit(guard.userId);
          } catch (error) {
            part.file.resume();
            throw error;
          }
        }
        form.file = await streamToStorage(storage, part.file, part.filename ?? '', policy);
        if (guard) await guard.limits.fits(guard.userId, form.file.size);
        continue;
      }
      if (!fields.includes(part.fieldname)) continue;
      if (part.valueTruncated) throw badRequest(`Fältet "${part.fieldname}" är för långt.`);
      if (typeof part.value !== 'string') {
        throw badRequest(`Fältet "${part.fieldname}" har fel typ.`);
      }
      form.fields[part.fieldname] = part.value;
    }
    if (policy.requireFile && (!form.file || form.file.size === 0)) {
      throw badRequest(policy.messages.noFile ?? 'Välj en fil att ladda upp.');
    }
  } catch (error) {
    if (form.file) await storage?.remove(form.file.key).catch(() => {});
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw tooLarge(policy);
    }
    if (code === 'FST_FILES_LIMIT') throw badRequest('Bifoga högst en fil.');
    throw error;
  }
  return form;
}

/**
 * Pipes an upload's file stream into storage under a new key: counted, hashed, its first bytes
 * kept. Past `policy.maxBytes` (busboy cuts the stream and marks it truncated) the write fails
 * with the policy's 413 and storage keeps nothing of it.
 */
async function streamToStorage(
  storage: FileStorage,
  file: AsyncIterable<Buffer> & { truncated?: boolean; resume(): unknown },
  filename: string,
  policy: UploadPolicy,
): Promise<StoredUpload> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  async function* measured() {
    for await (const chunk of file) {
      size += chunk.length;
      if (size > policy.maxBytes) throw tooLarge(policy);
      hash.update(chunk);
      if (headBytes < HEAD_BYTES) {
        const part = Buffer.from(chunk.subarray(0, HEAD_BYTES - headBytes));
        head.push(part);
        headBytes += part.length;
      }
      yield chunk;
    }
    if (file.truncated) throw tooLarge(policy);
  }
  const key = newId();
  try {
    await storage.write(key, measured());
  } catch (error) {
    // Storage stopped reading (its own failure): let the rest of the request flow past.
    file.resume();
    throw error;
  }
  return {
    key,
    size,
    sha256: hash.digest('hex'),
    head: Buffer.concat(head),
    filename,
    kept: false,
  };
}

/** A Buffer at hand (seed data) stored as if uploaded. */
export async function storeBuffer(
  storage: FileStorage,
  data: Buffer,
  filename: string,
): Promise<StoredUpload> {
  const key = newId();
  await storage.put(key, data);
  return {
    key,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    head: Buffer.from(data.subarray(0, HEAD_BYTES)),
    filename,
    kept: false,
  };
}

/**
 * Runs `use` with an uploaded file and removes the file afterwards unless `use` kept it
 * (`file.kept`): a refused, repeated or failed upload leaves nothing in storage.
 */
export async function withUpload<T>(
  storage: FileStorage,
  file: StoredUpload | null,
  use: () => Promise<T>,
): Promise<T> {
  try {
    return await use();
  } finally {
    if (file && !file.kept) await storage.remove(file.key).catch(() => {});
  }
}
