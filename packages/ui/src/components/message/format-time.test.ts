import { describe, expect, it } from 'vitest';
import { fileKindOf, FILE_KIND_LABELS } from './file-kind';
import { formatMessageTime } from './format-time';

const now = new Date('2026-11-21T10:00:00.000Z');
const tz = { timeZone: 'Europe/Stockholm' };

describe('formatMessageTime', () => {
  it('shows only the time today, the day and time this year, and the year before that', () => {
    expect(formatMessageTime('2026-11-21T07:50:00.000Z', now, tz)).toBe('08:50');
    expect(formatMessageTime('2026-11-20T07:50:00.000Z', now, tz)).toBe('20 nov. 08:50');
    expect(formatMessageTime('2025-10-03T07:50:00.000Z', now, tz)).toBe('3 okt. 2025 09:50');
  });
});

describe('fileKindOf', () => {
  it.each([
    ['Blodprov_2026-10-12.pdf', 'pdf', 'PDF-fil'],
    ['RAPPORT.PDF', 'pdf', 'PDF-fil'],
    ['foto.jpg', 'jpg', 'Bild'],
    ['foto.JPEG', 'jpg', 'Bild'],
    ['skärmbild.png', 'png', 'Bild'],
    ['Traningslogg_september.xlsx', 'other', 'Fil'],
    ['utan-filändelse', 'other', 'Fil'],
    ['konstig.pdf.exe', 'other', 'Fil'],
    ['/files/a.png?v=2', 'png', 'Bild'],
  ] as const)('%s → %s', (name, kind, label) => {
    expect(fileKindOf(name)).toBe(kind);
    expect(FILE_KIND_LABELS[fileKindOf(name)]).toBe(label);
  });

  it('treats a missing name as another file', () => {
    expect(fileKindOf(null)).toBe('other');
  });
});
