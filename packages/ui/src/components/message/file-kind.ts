// File messages show an icon by extension (spec §2.7: pdf, jpg, jpeg, png, other).

export type FileKind = 'pdf' | 'jpg' | 'png' | 'other';

/** Swedish accessible names of the file icons. */
export const FILE_KIND_LABELS: Record<FileKind, string> = {
  pdf: 'PDF-fil',
  jpg: 'Bild',
  png: 'Bild',
  other: 'Fil',
};

/** The kind of a file by the extension of its name (case-insensitive; query and hash ignored). */
export function fileKindOf(fileName: string | null | undefined): FileKind {
  const name = (fileName ?? '').split(/[?#]/u)[0] ?? '';
  const dot = name.lastIndexOf('.');
  const extension = dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
  switch (extension) {
    case 'pdf':
      return 'pdf';
    case 'jpg':
    case 'jpeg':
      return 'jpg';
    case 'png':
      return 'png';
    default:
      return 'other';
  }
}
