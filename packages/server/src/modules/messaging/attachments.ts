// Message attachments: at most 10 MB, PDF, PNG or JPEG recognised by content (magic bytes),
// streamed into storage under a random key by the upload reader (files/upload.ts). The client's file name is kept only as data (shown in the
// conversation and used in Content-Disposition), cleaned and given the extension of the type
// actually found, so `rapport.exe` holding a PNG is offered as `rapport.exe.png`.
import { buildPath, endpointDefs } from '@halsa/api/contract';
import { sniffDocument, type SniffedType } from '../../files/sniff.ts';
import { UPLOAD_POLICIES } from '../../files/upload.ts';
import { badRequest, HttpError } from '../../http/errors.ts';

export const ATTACHMENT_MAX_BYTES = UPLOAD_POLICIES.messageAttachment.maxBytes;

/**
 * The address of an attachment (the contract's `messageAttachment` route); `content` of a file
 * message ends with it (spec §3).
 */
export const attachmentUrl = (fileId: string) =>
  buildPath(endpointDefs.messageAttachment.path, { fileId });
/** `/api/v1/user/messaging/files/`: what every attachment URL starts with. */
export const ATTACHMENT_URL_PREFIX = endpointDefs.messageAttachment.path.replace(/:fileId$/, '');

export const ATTACHMENT_MESSAGES = {
  type: 'Endast filer i formaten PDF, PNG eller JPEG kan bifogas.',
  tooLarge: UPLOAD_POLICIES.messageAttachment.messages.tooLarge,
  empty: 'Filen är tom.',
} as const;

const ALLOWED = new Map<string, { exts: readonly string[] }>([
  ['application/pdf', { exts: ['pdf'] }],
  ['image/png', { exts: ['png'] }],
  ['image/jpeg', { exts: ['jpg', 'jpeg'] }],
]);

/**
 * The allowed type of an uploaded file, by content (its first bytes); a 400 with a Swedish
 * message otherwise.
 */
export function checkAttachment(file: { size: number; head: Buffer }): SniffedType {
  if (file.size === 0) throw badRequest(ATTACHMENT_MESSAGES.empty);
  if (file.size > ATTACHMENT_MAX_BYTES) throw new HttpError(413, ATTACHMENT_MESSAGES.tooLarge);
  const type = sniffDocument(file.head);
  if (!type || !ALLOWED.has(type.mime)) throw badRequest(ATTACHMENT_MESSAGES.type);
  return type;
}

const MAX_NAME = 120;

/**
 * A display name from the client's file name: no path, no control or reserved characters,
 * at most 120 characters, ending in an extension of the detected type.
 */
export function displayName(clientName: string | undefined, type: SniffedType): string {
  const base = (clientName ?? '').split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"<>:|?*\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const exts = ALLOWED.get(type.mime)?.exts ?? [type.ext];
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const suffix = exts.includes(ext) ? '' : `.${type.ext}`;
  if (name === '' || name === '.') name = 'bilaga';
  const room = MAX_NAME - suffix.length;
  if (name.length > room) {
    // Keep the extension when shortening.
    const keepExt = suffix === '' ? name.slice(dot) : '';
    name = name.slice(0, room - keepExt.length) + keepExt;
  }
  return name + suffix;
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
