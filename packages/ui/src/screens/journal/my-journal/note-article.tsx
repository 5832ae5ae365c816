// One journal note read in full (design.md §4.10): the form's title, who signed it and when,
// each section with its questions and answers (already in Swedish words from the server), and,
// for a correction, which note it corrects. A signed note carries the clinic name (shown as a
// letterhead) and the signature line (under the signer) as they were when it was signed; notes
// signed before those were kept show neither. The client's /journal and the staff's journal tab
// both show notes this way, on screen and in print.
import type { DailyNote } from '@halsa/api';
import { formatDate, formatDateTime } from '../../../lib/format';
import { Badge } from '../../../primitives/badge/badge';
import { ReadableSections } from '../../../components/readable-sections/readable-sections';

/** Spec §8: the journal (the client's or a client's) failed to load. */
export const JOURNAL_LOAD_FAILED = 'Misslyckades att ladda journal.';

/** The time a note is sorted and shown by: when it was signed, else when it was written. */
export const noteTime = (note: DailyNote): string => note.signedAt ?? note.createdAt;

/** Newest first. */
export const newestFirst = (notes: readonly DailyNote[]): DailyNote[] =>
  [...notes].sort((a, b) => Date.parse(noteTime(b)) - Date.parse(noteTime(a)));

/** 'Signerad av Erik Johansson 12 november 2026 09:05' or 'Osignerad, påbörjad …'. */
export function signatureText(note: DailyNote): string {
  if (note.signed && note.signedAt) {
    return `Signerad av ${note.signedByName ?? note.authorName} ${formatDateTime(note.signedAt)}`;
  }
  return `Osignerad, påbörjad av ${note.authorName} ${formatDateTime(note.createdAt)}`;
}

export const correctionText = (corrected: DailyNote | undefined): string =>
  corrected
    ? `Rättelse av anteckningen ${corrected.title} från ${formatDate(noteTime(corrected))}`
    : 'Rättelse av en tidigare anteckning';

export const correctedByText = (correction: DailyNote): string =>
  `Rättad i en anteckning från ${formatDate(noteTime(correction))}`;

export interface NoteArticleProps {
  note: DailyNote;
  /** The note this one corrects, when it is a correction and that note is at hand. */
  corrected?: DailyNote;
  /** A later note that corrects this one. */
  correctedBy?: DailyNote;
  /** Heading level of the note's title so it fits the page outline. */
  headingLevel?: 2 | 3;
  /** Shows 'Signerad'/'Osignerad' beside the title (staff see both kinds). */
  showStatus?: boolean;
}

export function NoteArticle({
  note,
  corrected,
  correctedBy,
  headingLevel = 2,
  showStatus = false,
}: NoteArticleProps) {
  const Heading = `h${headingLevel}` as const;
  const titleId = `anteckning-${note.id}`;
  return (
    <article
      aria-labelledby={titleId}
      data-note-id={note.id}
      className="note-article flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card sm:p-6"
    >
      <header className="flex flex-col gap-1">
        {note.clinicName ? (
          // The letterhead the note was signed under (kept on the note, not today's setting).
          <p className="note-letterhead text-sm font-semibold tracking-wide text-fg-muted uppercase">
            {note.clinicName}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <Heading id={titleId} className="text-lg font-semibold">
            {note.title}
          </Heading>
          {showStatus ? (
            <Badge variant={note.signed ? 'success' : 'warning'}>
              {note.signed ? 'Signerad' : 'Osignerad'}
            </Badge>
          ) : null}
          {note.correctsNoteId != null ? <Badge variant="info">Rättelse</Badge> : null}
          {correctedBy ? <Badge variant="warning">Rättad</Badge> : null}
        </div>
        <p className="text-sm text-fg-muted">{signatureText(note)}</p>
        {note.signatureLine ? (
          <p className="note-signature-line text-sm text-fg-muted italic">{note.signatureLine}</p>
        ) : null}
        {note.correctsNoteId != null ? (
          <p className="text-sm">
            {corrected ? (
              <a
                href={`#anteckning-${corrected.id}`}
                className="text-accent underline underline-offset-4"
              >
                {correctionText(corrected)}
              </a>
            ) : (
              correctionText(undefined)
            )}
          </p>
        ) : null}
        {correctedBy ? (
          <p className="text-sm">
            <a
              href={`#anteckning-${correctedBy.id}`}
              className="text-accent underline underline-offset-4"
            >
              {correctedByText(correctedBy)}
            </a>
          </p>
        ) : null}
      </header>
      {note.sections.length === 0 ? (
        // A note written as free text (no form questions) is read as its text.
        note.content.trim() ? (
          <p className="whitespace-pre-line">{note.content}</p>
        ) : (
          <p className="text-sm text-fg-muted">Anteckningen har inga frågor.</p>
        )
      ) : (
        <ReadableSections sections={note.sections} headingLevel={headingLevel === 2 ? 3 : 4} />
      )}
    </article>
  );
}
