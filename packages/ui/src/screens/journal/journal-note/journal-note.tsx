// /clients/{clientId}/journal/{formId} (ADMIN, and STAFF who may read the client, design.md §4.19;
// spec §2.6, §4.10), nested in the client
// pages' frame: a published form filled in for one client. The answers are autosaved as the client's unsigned note; then the
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
  useForm,
  useJournalNote,
  useSession,
  useSignJournalNote,
} from '@halsa/api';
import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { serverMessage } from '../../../lib/server-message';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { useToast } from '../../../primitives/toast/toast';
import { missingRequired, type Answers } from './answers';
import { QuestionSections, useAnswers } from './question-sections';
import { DeliveryChannel, SignedNote } from './note-signing';
import { NOTE_SAVE_TEXTS, takeUnsavedAnswers, useNoteAutosave } from './use-note-autosave';
import { LoadError } from '../../../components/load-error/load-error';
import { SaveStatus } from '../../../components/save-status/save-status';

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
  /** A client's questionnaire answers to quote (design §4.19): 'Skapa anteckning från svaren'. */
  quoted?: string;
  onSigned: (note: JournalNote) => void;
}

/**
 * The note's answers with `quoted` put into the first free-text question (long text before
 * short), after what it already holds; null when the form has no free-text question or it is
 * quoted there already.
 */
export function withQuote(form: Form, answers: Answers, quoted: string): Answers | null {
  const questions = form.sections.flatMap((s) => s.questions);
  const target =
    questions.find((q) => q.type === 'LONG_TEXT') ?? questions.find((q) => q.type === 'SHORT_TEXT');
  if (!target) return null;
  const before = answers.get(target.id);
  // Already quoted (the page was reloaded with the same link): nothing to add.
  if (typeof before === 'string' && before.includes(quoted)) return null;
  const text = typeof before === 'string' && before.trim() ? `${before}\n\n${quoted}` : quoted;
  return new Map(answers).set(target.id, text);
}

function NoteEditor({ client, form, note, correctsNoteId, quoted, onSigned }: NoteEditorProps) {
  const toast = useToast();
  // Answers left unsaved when the page was last left (offline) come back and are sent.
  const { user } = useSession();
  const [restored] = useState(() =>
    takeUnsavedAnswers(client.id, form.id, note?.version, user?.id),
  );
  // Quoted answers are saved at once, as restored ones are.
  const [start] = useState(() => {
    const own = restored ?? new Map(note?.answers.map((a) => [a.questionId, a.value]) ?? []);
    const withQuoted = quoted ? withQuote(form, own, quoted) : null;
    return { answers: withQuoted ?? own, quotedIn: withQuoted !== null };
  });
  const { answers, errors, setErrors, setAnswer } = useAnswers(() => start.answers);
  const [signError, setSignError] = useState<string | null>(null);
  const [signing, setSigning] = useState(false);
  const autosave = useNoteAutosave({
    clientId: client.id,
    form,
    note,
    answers,
    correctsNoteId,
    restored: restored !== null || start.quotedIn,
  });
  const sign = useSignJournalNote();

  const change = (questionId: number, value: AnswerValue) => {
    setAnswer(questionId, value);
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
      <QuestionSections
        form={form}
        answers={answers}
        errors={errors}
        onChange={change}
        disabled={signing}
      />
      <SaveStatus state={autosave.state} texts={NOTE_SAVE_TEXTS} onRetry={autosave.retry} />
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

export interface JournalNotePageProps {
  /** The client, loaded by the client pages' frame around this page. */
  client: Client;
}

/**
 * The note page nested in the client pages' one frame (breadcrumb, tabs, the client's 404, 403
 * and spinner are the frame's): the form, its states, and the editor.
 */
export function JournalNotePage({ client }: JournalNotePageProps) {
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // 'Skapa anteckning från svaren' (design §4.19) brings the client's answers to quote.
  const quotedState = (location.state as { quotedAnswers?: unknown } | null)?.quotedAnswers;
  const quoted = typeof quotedState === 'string' ? quotedState : undefined;
  const clientId = client.id;
  const formId = Number(params.formId);
  const valid = Number.isSafeInteger(formId) && formId > 0;
  const corrects = Number(search.get('rattelse'));
  const correctsNoteId = Number.isSafeInteger(corrects) && corrects > 0 ? corrects : undefined;
  const form = useForm(valid ? formId : null);
  const note = useJournalNote(clientId, valid ? formId : null, {
    revalidateOnFocus: false,
  });
  const [signed, setSigned] = useState<JournalNote | null>(null);
  const [round, setRound] = useState(0);
  // The editor opens on the note as the server has it now, never on a cached copy from an
  // earlier visit (its version would be stale); once open, it owns the answers.
  const [opened, setOpened] = useState(false);
  if (!opened && note.data !== undefined && !note.isValidating) setOpened(true);

  const frame = (children: React.ReactNode) => (
    <div className="flex w-full max-w-3xl flex-col gap-4">{children}</div>
  );

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
  if (!form.form || !opened || !note.data) {
    return frame(<Spinner label="Hämtar formulär…" />);
  }
  const heading = (
    <div>
      <h2 className="text-2xl font-semibold">{form.form.title}</h2>
      <p className="text-fg-muted">{`Journalanteckning för ${displayName(client)}`}</p>
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
          client={client}
          form={form.form}
          note={signed}
          onNew={() => {
            setSigned(null);
            setRound((r) => r + 1);
          }}
        />
      ) : (
        <>
          {quoted ? (
            <Alert variant="info">
              Klientens egna svar från enkäten är citerade i anteckningen. Granska och komplettera
              innan du signerar.
            </Alert>
          ) : null}
          {correctsNoteId !== undefined ? (
            <Alert variant="info">
              Du skriver en rättelse av en signerad anteckning. Båda anteckningarna visas i
              journalen.
            </Alert>
          ) : null}
          <NoteEditor
            // The editor owns the answers once open: a saved note coming back does not reset it.
            key={round}
            client={client}
            form={form.form}
            note={note.note}
            correctsNoteId={correctsNoteId}
            quoted={round === 0 ? quoted : undefined}
            onSigned={(n) => {
              // The quote is used once: a reload or a new note does not quote it again.
              if (quoted)
                void navigate(`${location.pathname}${location.search}`, { replace: true });
              setSigned(n);
            }}
          />
        </>
      )}
    </>,
  );
}
