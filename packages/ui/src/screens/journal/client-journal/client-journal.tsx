// The Journal tab of /clients/{id}/journal (spec §2.6, design.md §4.10): the client's notes,
// signed and unsigned, newest first; 'Välj formulär' lists the forms with 'Utkast' on drafts
// (a draft cannot be picked for a client) and picking one opens
// /clients/{clientId}/journal/{formId}; the 'add journal template' button opens
// /journal/templates (design.md §4 point 9). The client pages render this tab; the portal
// passes it in, since one feature's screens never import another's.
import {
  type Client,
  type DailyNote,
  displayName,
  useClientJournal,
  useFormSummaries,
  useJournalSettings,
} from '@halsa/api';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { to } from '../../../config/links';
import { formatDate } from '../../../lib/format';
import { Badge } from '../../../primitives/badge/badge';
import { Button, buttonVariants } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Modal } from '../../../primitives/modal/modal';
import { Spinner } from '../../../primitives/spinner/spinner';
import {
  JOURNAL_LOAD_FAILED,
  newestFirst,
  NoteArticle,
  noteTime,
} from '../my-journal/note-article';
import { LoadError } from '../../../components/load-error/load-error';

export const FORMS_LOAD_FAILED = 'Misslyckades att hämta formulär';
export const PICK_FORM_TITLE = 'Välj formulär';
export const ADD_TEMPLATE_LABEL = 'Lägg till journalmall';

/** The forms to pick from; mounted only while the modal is open, so it fetches then. */
function FormChoices({ client }: { client: Client }) {
  const { forms: all, error, isLoading, mutate } = useFormSummaries();
  // The default form of /journal/general comes first, marked 'Standard'; settings failing to
  // load only loses the mark.
  const { settings } = useJournalSettings();
  const defaultId = settings?.defaultFormId ?? null;
  const forms = all && [
    ...all.filter((f) => f.id === defaultId),
    ...all.filter((f) => f.id !== defaultId),
  ];
  const navigate = useNavigate();
  return error ? (
    <LoadError onRetry={() => void mutate()}>{FORMS_LOAD_FAILED}</LoadError>
  ) : isLoading || !forms ? (
    <Spinner label="Hämtar formulär…" />
  ) : forms.length === 0 ? (
    <p className="text-fg-muted">
      Det finns inga formulär ännu. Skapa ett under{' '}
      <Link to={paths.journalTemplates} className="text-accent underline underline-offset-4">
        Journalformulär
      </Link>
      .
    </p>
  ) : (
    <ul aria-label="Formulär" className="flex flex-col gap-2">
      {forms.map((form) => (
        <li key={form.id}>
          <button
            type="button"
            disabled={form.drafted}
            onClick={() => navigate(to.clientJournalForm(client.id, form.id))}
            className="flex min-h-target w-full cursor-pointer items-center justify-between gap-3 rounded-control border border-border px-4 py-3 text-left hover:not-disabled:bg-primary-soft disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-fg-muted"
          >
            <span className="font-medium">{form.title || 'Namnlöst formulär'}</span>
            {form.drafted ? <Badge variant="warning">Utkast</Badge> : null}
            {!form.drafted && form.id === defaultId ? <Badge variant="info">Standard</Badge> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

function PickFormModal({ client }: { client: Client }) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      title={PICK_FORM_TITLE}
      description={`Välj vilket formulär du vill fylla i för ${displayName(client)}. Utkast kan inte väljas.`}
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Lägg till formulär</Button>}
    >
      <FormChoices client={client} />
    </Modal>
  );
}

function NoteItem({
  note,
  notes,
  client,
}: {
  note: DailyNote;
  notes: DailyNote[];
  client: Client;
}) {
  const corrected =
    note.correctsNoteId == null ? undefined : notes.find((n) => n.id === note.correctsNoteId);
  return (
    <li className="flex flex-col gap-2">
      <NoteArticle note={note} corrected={corrected} headingLevel={3} showStatus />
      {!note.signed && note.formId != null ? (
        <Link
          to={to.clientJournalForm(client.id, note.formId)}
          className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'self-start' })}
          aria-label={`Fortsätt med ${note.title}`}
        >
          Fortsätt
        </Link>
      ) : null}
      {note.signed && note.formId != null ? (
        <Link
          to={`${to.clientJournalForm(client.id, note.formId)}?rattelse=${note.id}`}
          className={buttonVariants({ variant: 'secondary', size: 'sm', className: 'self-start' })}
          aria-label={`Skriv rättelse av ${note.title} från ${formatDate(noteTime(note))}`}
        >
          Skriv rättelse
        </Link>
      ) : null}
    </li>
  );
}

export interface ClientJournalTabProps {
  client: Client;
}

export function ClientJournalTab({ client }: ClientJournalTabProps) {
  const { journal, error, isLoading, mutate } = useClientJournal(client.id);
  const notes = journal ? newestFirst(journal.dailyNotes) : [];
  return (
    <section className="flex flex-col gap-4" aria-labelledby="klientjournal-rubrik">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="klientjournal-rubrik" className="text-lg font-semibold">
          Journal
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.journalTemplates} className={buttonVariants({ variant: 'secondary' })}>
            {ADD_TEMPLATE_LABEL}
          </Link>
          <PickFormModal client={client} />
        </div>
      </div>
      {error ? (
        <LoadError onRetry={() => void mutate()}>{JOURNAL_LOAD_FAILED}</LoadError>
      ) : isLoading || !journal ? (
        <Spinner label="Hämtar journal…" />
      ) : notes.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title="Inga journalanteckningar ännu"
          description={`Välj ett formulär för att skriva den första anteckningen för ${displayName(client)}.`}
        />
      ) : (
        <ol aria-label="Journalanteckningar, nyast först" className="flex flex-col gap-4">
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} notes={notes} client={client} />
          ))}
        </ol>
      )}
    </section>
  );
}
