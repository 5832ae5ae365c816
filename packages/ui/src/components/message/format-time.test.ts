import { describe, expect, it } from 'vitest';
import { fileKindOf, FILE_KIND_LABELS } from './file-kind';
import { formatEditedAt, formatMessageTime, formatRelativeTime } from './format-time';

const now = new Date('2026-11-21T10:00:00.000Z');
const tz = { timeZone: 'Europe/Stockholm' };

describe('formatRelativeTime', () => {
  it.each([
    ['2026-11-21T09:59:30.000Z', 'nyss'],
    ['2026-11-21T10:05:00.000Z', 'nyss'],
    ['2026-11-21T09:55:00.000Z', '5 minuter sedan'],
    ['2026-11-21T09:59:00.000Z', '1 minut sedan'],
    ['2026-11-21T08:00:00.000Z', '2 timmar sedan'],
    ['2026-11-20T07:48:00.000Z', '1 dag sedan'],
    ['2026-11-18T11:21:00.000Z', '2 dagar sedan'],
    ['2026-11-18T08:00:00.000Z', '3 dagar sedan'],
    ['2026-10-01T18:02:00.000Z', '1 månad sedan'],
    ['2026-05-01T18:02:00.000Z', '6 månader sedan'],
    ['2024-11-01T00:00:00.000Z', '2 år sedan'],
  ])('%s → %s', (iso, text) => {
    expect(formatRelativeTime(iso, now)).toBe(text);
  });

  it('gives nothing for an unreadable date', () => {
    expect(formatRelativeTime('inte ett datum', now)).toBe('');
  });
});

describe('formatMessageTime', () => {
  it('shows only the time today, the day and time this year, and the year before that', () => {
    expect(formatMessageTime('2026-11-21T07:50:00.000Z', now, tz)).toBe('08:50');
    expect(formatMessageTime('2026-11-20T07:50:00.000Z', now, tz)).toBe('20 nov. 08:50');
    expect(formatMessageTime('2025-10-03T07:50:00.000Z', now, tz)).toBe('3 okt. 2025 09:50');
  });
});

describe('formatEditedAt', () => {
  it('writes the whole date and time in Swedish', () => {
    expect(formatEditedAt('2026-11-20T07:50:00.000Z', tz)).toBe('20 november 2026 kl. 08:50');
    expect(formatEditedAt('fel')).toBe('');
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
