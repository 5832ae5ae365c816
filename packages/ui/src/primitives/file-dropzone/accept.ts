import { formatBytes } from '../../lib/format';

/** Readable names of common upload types, as users know them (by file extension). */
const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WEBP',
  'image/heic': 'HEIC',
  'text/csv': 'CSV',
  'text/plain': 'TXT',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
};

/** MIME type by extension, for files the browser gives no type. */
const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  csv: 'text/csv',
  txt: 'text/plain',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const WILDCARD_LABELS: Record<string, string> = {
  image: 'bilder',
  audio: 'ljudfiler',
  video: 'videofiler',
  text: 'textfiler',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** 'application/pdf' → 'PDF', '.jpeg' → 'JPEG', 'image/*' → 'bilder'. */
export function acceptLabel(entry: string): string {
  const value = entry.trim().toLowerCase();
  if (value.startsWith('.')) return value.slice(1).toUpperCase();
  if (value.endsWith('/*')) return WILDCARD_LABELS[value.slice(0, -2)] ?? value;
  return TYPE_LABELS[value] ?? (value.split('/')[1] ?? value).toUpperCase();
}

/** The allowed types for a message, without duplicates: 'PDF, JPG, PNG'. */
export function acceptLabels(accept: readonly string[]): string {
  return [...new Set(accept.map(acceptLabel))].join(', ');
}

/** Whether a file matches an `accept` list of MIME types, `type/*` wildcards or `.ext`. */
export function isAccepted(file: Pick<File, 'name' | 'type'>, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  const extension = extensionOf(file.name);
  const type = (file.type || EXTENSION_TYPES[extension] || '').toLowerCase();
  return accept.some((entry) => {
    const value = entry.trim().toLowerCase();
    if (value.startsWith('.')) return extension === value.slice(1);
    if (value.endsWith('/*')) return type.startsWith(value.slice(0, -1));
    return type === value;
  });
}

export function wrongTypeMessage(accept: readonly string[]): string {
  return `Filtypen stöds inte. Tillåtna typer: ${acceptLabels(accept)}.`;
}

export function tooLargeMessage(maxBytes: number): string {
  return `Filen är för stor. Största tillåtna storlek är ${formatBytes(maxBytes)}.`;
}

/** Checks a file; returns the Swedish reason it is refused, or null when it may be uploaded. */
export function validateFile(
  file: Pick<File, 'name' | 'type' | 'size'>,
  accept: readonly string[],
  maxBytes: number,
): string | null {
  if (!isAccepted(file, accept)) return wrongTypeMessage(accept);
  if (file.size > maxBytes) return tooLargeMessage(maxBytes);
  return null;
}
