// File names of uploads are data, shown to people and used to pick a file in the database;
// they are never part of a storage path (storage keys are random UUIDs). Still, a name is
// cleaned before it is kept, so it is safe to show and to put in Content-Disposition:
// no directories, no control or bidirectional-override characters (which can make
// "rapport‮fdp.exe" look like "rapportexe.pdf"), no characters Windows refuses, a bounded
// length, and an extension that matches the type found by content.

/** Allowed extensions per sniffed MIME type; the first is the one appended when missing. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  // Structured lab results (design §4.12).
  'text/csv': ['csv'],
  'application/fhir+json': ['json'],
};

const MAX_BASE_CHARS = 100;

// C0/C1 controls, DEL, bidi embeddings/overrides/isolates, zero-width and BOM characters.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
// Characters Windows does not allow in file names (and path separators everywhere).
const RESERVED = /[<>:"/\\|?*]/g;

function truncate(value: string, max: number): string {
  const chars = [...value];
  return chars.length <= max ? value : chars.slice(0, max).join('').trimEnd();
}

/**
 * A display name for an upload: the client's name cleaned, with an extension that fits the
 * sniffed `mime`; `fallbackBase` when nothing usable is left.
 */
export function cleanUploadName(
  raw: string | undefined,
  mime: string,
  fallbackBase: string,
): string {
  const allowed = EXTENSIONS[mime] ?? [];
  const wanted = allowed[0] ?? 'bin';
  let name = (raw ?? '').normalize('NFC');
  // Only the last path segment, whichever separator the client's system used.
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  name = name.replace(INVISIBLE, '').replace(RESERVED, '_');
  name = name.replace(/\s+/g, ' ').trim();

  let base = name;
  let ext = wanted;
  const dot = name.lastIndexOf('.');
  if (dot >= 0) {
    const given = name.slice(dot + 1).toLowerCase();
    if (allowed.includes(given)) {
      base = name.slice(0, dot);
      ext = given;
    }
  }
  // No hidden names ("...x.pdf" → "x.pdf", ".pdf" → fallback), no trailing dots or spaces.
  base = base.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  base = truncate(base, MAX_BASE_CHARS).replace(/[.\s]+$/, '');
  if (base === '') base = fallbackBase;
  return `${base}.${ext}`;
}

/** `name` itself, or `name (2).ext`, `name (3).ext`, … whichever is not in `taken`. */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Content-Disposition for a download: ASCII fallback plus the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
