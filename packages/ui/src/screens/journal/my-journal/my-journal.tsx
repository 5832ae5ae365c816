// The client's /journal (USER; spec §2.4, design.md §4.10): her signed notes, newest first, each
// readable in full (sections, questions and answers, signer and date). A correction says which
// note it corrects and the corrected note links to its correction; both stay visible. 'Skriv ut'
// prints that one note alone (the print stylesheet hides the shell, the widget and every other
// note); the browser's own print prints the list. A DAILY_NOTE notice arriving live refreshes
// the list, and so does a reconnect.
import { DAILY_NOTES_KEY, noticeMayBe, useDailyNotes, type DailyNote } from '@halsa/api';
import { LiveDestinations, useRevalidateOnReconnect, useTopic } from '@halsa/api/live';
import { useEffect, useState } from 'react';
import { formatDate } from '../../../lib/format';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { JOURNAL_LOAD_FAILED, newestFirst, NoteArticle, noteTime } from './note-article';
import { LoadError } from '../../../components/load-error/load-error';
import { Page } from '../../../components/page/page';

export const MY_JOURNAL_EMPTY = 'Du har inga journalanteckningar ännu';

/**
 * Only what is marked `data-print-area` prints; `visibility` (not `display`) hides the rest, so
 * the shell needs no print rules of its own, and the area is lifted to the top of the page.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-print-area], [data-print-area] * { visibility: visible !important; }
  [data-print-area] { position: absolute !important; top: 0; left: 0; width: 100%; }
  [data-print-hide] { display: none !important; }
  [data-print-area] article { box-shadow: none !important; break-inside: avoid-page; }
}`;

function useDailyNotesLive() {
  const { mutate } = useDailyNotes();
  useTopic<unknown>(LiveDestinations.notifications, (body) => {
    if (noticeMayBe(body, 'DAILY_NOTE')) void mutate();
  });
  useRevalidateOnReconnect([DAILY_NOTES_KEY]);
}

export function MyJournalScreen() {
  const { notes: loaded, error, isLoading, mutate } = useDailyNotes();
  useDailyNotesLive();
  const [printing, setPrinting] = useState<number | null>(null);
  const notes = loaded ? newestFirst(loaded.filter((n) => n.signed)) : [];

  // Print once the chosen note is the print area; afterwards the whole list is again.
  useEffect(() => {
    if (printing === null) return;
    const done = () => setPrinting(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const byId = new Map(notes.map((n) => [n.id, n]));
  const correctionOf = new Map<number, DailyNote>();
  for (const n of notes) if (n.correctsNoteId != null) correctionOf.set(n.correctsNoteId, n);

  return (
    <Page page="journal" gap="gap-4">
      <style href="halsa-my-journal-print" precedence="default">
        {PRINT_CSS}
      </style>
      {error ? (
        <LoadError onRetry={() => void mutate()}>{JOURNAL_LOAD_FAILED}</LoadError>
      ) : isLoading || !loaded ? (
        <Spinner label="Hämtar journal…" />
      ) : notes.length === 0 ? (
        <EmptyState
          title={MY_JOURNAL_EMPTY}
          description="När din vårdgivare signerar en anteckning visas den här och du får en notis."
        />
      ) : (
        <ol
          aria-label="Journalanteckningar, nyast först"
          className="flex flex-col gap-4"
          data-print-area={printing === null ? '' : undefined}
        >
          {notes.map((note) => (
            <li
              key={note.id}
              id={`journalanteckning-${note.id}`}
              className="flex flex-col gap-2"
              data-print-area={printing === note.id ? '' : undefined}
            >
              <NoteArticle
                note={note}
                corrected={note.correctsNoteId == null ? undefined : byId.get(note.correctsNoteId)}
                correctedBy={correctionOf.get(note.id)}
              />
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                data-print-hide=""
                aria-label={`Skriv ut ${note.title} från ${formatDate(noteTime(note))}`}
                onClick={() => setPrinting(note.id)}
              >
                Skriv ut
              </Button>
            </li>
          ))}
        </ol>
      )}
    </Page>
  );
}
