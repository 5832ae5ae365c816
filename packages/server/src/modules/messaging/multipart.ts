// Reads the small multipart forms of the messaging calls: a few text fields and at most one
// file part, buffered (≤ 10 MB). Anything unexpected is a 400 with a Swedish message.
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../http/errors.ts';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MESSAGES } from './attachments.ts';

export interface UploadedFile {
  data: Buffer;
  /** As the client named it; data only, never a path. */
  filename: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

/** Per text field; a message is at most 5 000 characters (up to 4 bytes each). */
const FIELD_BYTES = 32 * 1024;

export const MULTIPART_BODY_LIMIT = ATTACHMENT_MAX_BYTES + 256 * 1024;
/** A form of text fields only (edit). */
export const EDIT_BODY_LIMIT = 128 * 1024;

export async function readMultipart(
  request: FastifyRequest,
  opts: { fileField?: string; fields: readonly string[] },
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw badRequest('Skicka formuläret som multipart/form-data.');
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: ATTACHMENT_MAX_BYTES,
        files: 1,
        fields: opts.fields.length + 2,
        parts: opts.fields.length + 3,
        fieldSize: FIELD_BYTES,
        fieldNameSize: 100,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!opts.fileField || part.fieldname !== opts.fileField) {
          part.file.resume();
          throw badRequest(
            opts.fileField
              ? `Filen ska skickas i fältet "${opts.fileField}".`
              : 'Förfrågan får inte innehålla filer.',
          );
        }
        const data = await part.toBuffer();
        if (part.file.truncated) throw badRequest(ATTACHMENT_MESSAGES.tooLarge);
        file = { data, filename: part.filename ?? '' };
        continue;
      }
      if (!opts.fields.includes(part.fieldname)) continue;
      if (part.valueTruncated) throw badRequest(`Fältet "${part.fieldname}" är för långt.`);
      if (typeof part.value !== 'string') {
        throw badRequest(`Fältet "${part.fieldname}" har fel typ.`);
      }
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(ATTACHMENT_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Bifoga högst en fil.');
    throw error;
  }
  return { fields, file };
}
