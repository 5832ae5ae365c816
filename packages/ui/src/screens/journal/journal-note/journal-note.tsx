// /clients/{clientId}/journal/{formId} (ADMIN; spec §2.6, design.md §4.10): a published form
// filled in for one client. The answers are autosaved as the client's unsigned note; then the
// delivery channel (e-mail with the client's address; direct message shown disabled) and
// 'Signera och Skicka' ('Signerar och skickar...') → 'Formuläret skickades med e-post!' or
// 'Misslyckades att skicka formulär.'. The signed note is then shown read-only. With
// `?rattelse={noteId}` the new note is a correction of that signed note.
import {
  type AnswerValue,
  type Client,
  displayName,
  type Form,
  type JournalNote,
  NOTE_DRAFT_FORM,
  NOTE_REQUIRED_MISSING,
  useClient,
  useForm,
  useJournalNote,
  useSession,
  useSignJournalNote,
} from '@halsa/api';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/server-message';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { useToast } from '../../../primitives/toast/toast';
import { missingRequired, orderedSections, REQUIRED_MISSING, type Answers } from './answers';
import { QuestionInput } from './question-input';
import { ClientTabs, NoteBreadcrumb } from './note-navigation';
import { DeliveryChannel, SaveStatus, SignedNote } from './note-signing';
import { takeUnsavedAnswers, useNoteAutosave } from './use-note-autosave';
import { LoadError } from '../../../components/load-error/load-error';

export const FORM_LOAD_FAILED = 'Misslyckades att ladda formulär.';
export const SIGN_LABEL = 'Signera och Skicka';
export const SIGNING_LABEL = 'Signerar och skickar...';
export const SENT = 'Formuläret skickades med e-post!';
export const SEND_FAILED = 'Misslyckades att skicka formulär.';

interface NoteEditorProps {
  client: Client;
  form: Form;
  note: JournalNote | null;
  correctsNoteId?: number;
  onSigned: (note: JournalNote) => void;
}

function NoteEditor({ client, form, note, correctsNoteId, onSigned }: NoteEditorProps) {
  const toast = useToast();
  // Answers left unsaved when the page was last left (offline) come back and are sent.
  const { user } = useSession();
  const [restored] = useState(() =>
    takeUnsavedAnswers(client.id, form.id, note?.version, user?.id),
  );
  const [answers, setAnswers] = useState<Answers>(
    () => restored ?? new Map(note?.answers.map((a) => [a.questionId, a.value]) ?? []),
  );
  const [errors, setErrors] = useState<ReadonlySet<number>>(new Set());
  const [signError, setSignError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const autosave = useNoteAutosave({
    clientId: client.id,
    form,
    note,
    answers,
    correctsNoteId,
    restored: restored !== null,
  });
  const sign = useSignJournalNote();

  const change = (questionId: number, value: AnswerValue) => {
    setAnswers((prev) => new Map(prev).set(questionId, value));
    setErrors((prev) => {
      if (!prev.has(questionId)) return prev;
      const next = new Set(prev);
      next.delete(questionId);
      return next;
    });
    autosave.markDirty();
  };

  const signAndSend = async () => {
    setSignError(null);
    const missing = missingRequired(form, answers);
    if (missing.length > 0) {
      setErrors(new Set(missing.map((q) => q.id)));
      setSignError(NOTE_REQUIRED_MISSING);
      return;
    }
    setSigning(true);
    try {
      if (!(await autosave.saveNow())) {
        toast.error(SEND_FAILED);
        setSignError('Svaren kunde inte sparas. Försök igen när anslutningen är tillbaka.');
        return;
      }
      const signed = await sign.trigger({ userId: client.id, formId: form.id });
      toast.success(SENT);
      onSigned(signed);
    } catch (error) {
      toast.error(SEND_FAILED);
      setSignError(serverMessage(error) ?? null);
    } finally {
      setSigning(false);
    }
  };

  return (
    <form
      aria-label={`${form.title} för ${displayName(client)}`}
      className="flex flex-col gap-6"
      // Enter in a field never signs: signing is the button's alone.
      onSubmit={(e) => e.preventDefault()}
    >
      {orderedSections(form).map((section) => (
        <section
          key={section.id}
          aria-label={section.title || undefined}
          className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-card sm:p-6"
        >
          {section.title ? <h2 className="text-lg font-semibold">{section.title}</h2> : null}
          {section.instruction ? <p className="text-fg-muted">{section.instruction}</p> : null}
          {section.questions.map((q) => (
            <QuestionInput
              key={q.id}
              question={q}
              value={answers.get(q.id)}
              onChange={(v) => change(q.id, v)}
              error={errors.has(q.id) ? REQUIRED_MISSING : undefined}
              disabled={signing}
            />
          ))}
        </section>
      ))}
      <SaveStatus state={autosave.state} onRetry={autosave.retry} />
      <DeliveryChannel client={client} />
      {signError ? <Alert variant="error">{signError}</Alert> : null}
      <div>
        <Button
          type="button"
          loading={signing}
          loadingLabel={SIGNING_LABEL}
          onClick={() => void signAndSend()}
        >
          {SIGN_LABEL}
        </Button>
      </div>
    </form>
  );
}

export function JournalNoteScreen() {
  const params = useParams();
  const [search] = useSearchParams();
  const clientId = Number(params.clientId);
  const formId = Number(params.formId);
  const valid = [clientId, formId].every((n) => Number.isSafeInteger(n) && n > 0);
  const corrects = Number(search.get('rattelse'));
  const correctsNoteId = Number.isSafeInteger(corrects) && corrects > 0 ? corrects : undefined;
  const { user } = useSession();
  const client = useClient(valid ? clientId : null);
  const form = useForm(valid ? formId : null);
  const note = useJournalNote(valid ? clientId : null, valid ? formId : null, {
    revalidateOnFocus: false,
  });
  const [signed, setSigned] = useState<JournalNote | null>(null);
  const [round, setRound] = useState(0);
  // The editor opens on the note as the server has it now, never on a cached copy from an
  // earlier visit (its version would be stale); once open, it owns the answers.
  const [opened, setOpened] = useState(false);
  if (!opened && note.data !== undefined && !note.isValidating) setOpened(true);

  const frame = (children: React.ReactNode) => (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-gutter py-section">
      <NoteBreadcrumb client={client.data} clientId={clientId} title={form.form?.title} />
      <ClientTabs clientId={clientId} role={user?.role} />
      <div className="flex w-full max-w-3xl flex-col gap-4">{children}</div>
    </div>
  );

  if (client.error?.status === 404) {
    return frame(
      <EmptyState
        title="Klienten hittades inte."
        description="Kontrollera länken eller sök efter klienten i klientlistan."
        action={
          <Link to={paths.clients} className="text-accent underline underline-offset-4">
            Till klientlistan
          </Link>
        }
      />,
    );
  }
  if (!valid || form.error?.status === 404) {
    return frame(
      <EmptyState
        title="Formuläret hittades inte."
        description="Kontrollera länken eller välj formuläret i klientens journal."
      />,
    );
  }
  if (form.error || note.error) {
    return frame(
      <LoadError onRetry={() => void Promise.all([form.mutate(), note.mutate()])}>
        {FORM_LOAD_FAILED}
      </LoadError>,
    );
  }
  if (client.error) {
    return frame(<Alert variant="error">{client.error.message}</Alert>);
  }
  if (!client.data || !form.form || !opened || !note.data) {
    return frame(<Spinner label="Hämtar formulär…" />);
  }
  const heading = (
    <div>
      <h1 className="text-2xl font-semibold">{form.form.title}</h1>
      <p className="text-fg-muted">{`Journalanteckning för ${displayName(client.data)}`}</p>
    </div>
  );
  if (form.form.drafted) {
    return frame(
      <>
        {heading}
        <Alert variant="warning">{NOTE_DRAFT_FORM}</Alert>
      </>,
    );
  }
  return frame(
    <>
      {heading}
      {signed ? (
        <SignedNote
          client={client.data}
          form={form.form}
          note={signed}
          onNew={() => {
            setSigned(null);
            setRound((r) => r + 1);
          }}
        />
      ) : (
        <>
          {correctsNoteId !== undefined ? (
            <Alert variant="info">
              Du skriver en rättelse av en signerad anteckning. Båda anteckningarna visas i
              journalen.
            </Alert>
          ) : null}
          <NoteEditor
            // The editor owns the answers once open: a saved note coming back does not reset it.
            key={round}
            client={client.data}
            form={form.form}
            note={note.note}
            correctsNoteId={correctsNoteId}
            onSigned={setSigned}
          />
        </>
      )}
    </>,
  );
}
