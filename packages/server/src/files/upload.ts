// The one reader of multipart uploads. Each kind of upload has a policy: how large its file may
// be, which part carries it, whether one is required and which text fields come with it.
// The same answers everywhere: a file over the limit is 413, anything else unexpected is a 400,
// each with a Swedish message. The type of a file is checked by content in the service that
// keeps it (`sniff.ts`), never by the name or the Content-Type the browser sent.
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../http/errors.ts';
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

export interface UploadedFile {
  data: Buffer;
  /** As the client named it; data only, never a path. */
  filename: string;
}

export interface UploadForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

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
   */
  labFile: {
    maxBytes: 10 * MB,
    fileField: 'file',
    requireFile: true,
    messages: {
      tooLarge: 'Filen är för stor. Den får vara högst 10 MB.',
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
 * Reads the form of `request` under `policy`; `fields` extends the policy's text fields. With a
 * `guard`, a file part is admitted (rate, quota) before its bytes are read, and refused when it
 * would take the user over the quota.
 */
export async function readUpload(
  request: FastifyRequest,
  policy: UploadPolicy,
  fields: readonly string[] = policy.fields ?? [],
  guard?: UploadGuard,
): Promise<UploadForm> {
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
        if (!policy.fileField || part.fieldname !== policy.fileField) {
          part.file.resume();
          throw badRequest(
            !policy.fileField
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
        const data = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(policy);
        if (guard) await guard.limits.fits(guard.userId, data.length);
        form.file = { data, filename: part.filename ?? '' };
        continue;
      }
      if (!fields.includes(part.fieldname)) continue;
      if (part.valueTruncated) throw badRequest(`Fältet "${part.fieldname}" är för långt.`);
      if (typeof part.value !== 'string') {
        throw badRequest(`Fältet "${part.fieldname}" har fel typ.`);
      }
      form.fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw tooLarge(policy);
    }
    if (code === 'FST_FILES_LIMIT') throw badRequest('Bifoga högst en fil.');
    throw error;
  }
  if (policy.requireFile && (!form.file || form.file.data.length === 0)) {
    throw badRequest(policy.messages.noFile ?? 'Välj en fil att ladda upp.');
  }
  return form;
}
