// Answering a questionnaire (design §4.19), made for a 320 px phone: the questions of each
// section with the journal's inputs, saved as she goes by the journal's autosave engine (answers
// survive a reload and a lost connection; 'Sparat' as in the journal), required questions
// checked in Swedish, and 'Skicka in' after a confirmation, which freezes them. A questionnaire
// she has sent in is shown read-only with the time it was sent.
import {
  readableSections,
  saveQuestionnaireAnswers,
  useMyQuestionnaire,
  useSession,
  useSubmitQuestionnaire,
  type AnswerValue,
  type Form,
  type QuestionnaireDetail,
} from '@halsa/api';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { LoadError } from '../../../components/load-error/load-error';
import { questionnairePaths } from '../../../config/questionnaire-paths';
import { formatDateTime } from '../../../lib/format';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { useToast } from '../../../primitives/toast/toast';
import { SaveStatus } from '../../../components/save-status/save-status';
import { memoryDrafts, takeDraft } from '../../../lib/autosave/drafts';
import { useAutosave } from '../../../lib/autosave/use-autosave';
import {
  missingRequired,
  toRequestAnswers,
  type Answers,
} from '../../journal/journal-note/answers';
import { QuestionSections, useAnswers } from '../../journal/journal-note/question-sections';
import { NOTE_SAVE_TEXTS } from '../../journal/journal-note/use-note-autosave';
import { dueText } from '../my-questionnaires/my-questionnaires';

export const SUBMIT_LABEL = 'Skicka in';
export const SUBMITTED_TOAST = 'Tack! Dina svar är inskickade.';
export const SUBMIT_FAILED = 'Kunde inte skicka in enkäten';
export const SAVE_FAILED = 'Misslyckades att spara svaren';
export const MISSING_TEXT = 'Svara på alla obligatoriska frågor innan du skickar in.';

/** Answers not yet saved, by questionnaire, in this tab's memory (never in browser storage). */
const drafts = memoryDrafts<Answers>();
const draftKey = (id: number) => `questionnaire:${id}`;

/** Forgets every unsaved answer (stories and tests start afresh). */
export const forgetUnsavedQuestionnaireAnswers = (): void => drafts.clear();

/** The questionnaire as the journal's inputs read a form. */
const asForm = (q: QuestionnaireDetail): Form => ({
  id: q.formId,
  title: q.title,
  drafted: false,
  purpose: 'QUESTIONNAIRE',
  version: 1,
  sections: q.sections,
});

function Answering({ questionnaire }: { questionnaire: QuestionnaireDetail }) {
  const toast = useToast();
  const { user } = useSession();
  const form = useMemo(() => asForm(questionnaire), [questionnaire]);
  // Unsaved answers are kept by the one autosave engine (lib/autosave) per writer and
  // questionnaire, as the journal keeps a note's.
  const [restored] = useState(() =>
    takeDraft(drafts, draftKey(questionnaire.id), questionnaire.version, user?.id),
  );
  const { answers, errors, setErrors, setAnswer } = useAnswers(
    () => restored ?? new Map(questionnaire.answers.map((a) => [a.questionId, a.value])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const userId = user?.id;
  const autosave = useAutosave<Answers>({
    version: questionnaire.version,
    read: () => answers,
    save: async (doc, version) =>
      (
        await saveQuestionnaireAnswers({
          id: questionnaire.id,
          version: version ?? questionnaire.version,
          answers: toRequestAnswers(form, doc),
        })
      ).version,
    failedMessage: SAVE_FAILED,
    drafts: { store: drafts, key: draftKey(questionnaire.id), owner: () => userId },
    restored: restored !== null,
  });
  const submit = useSubmitQuestionnaire();

  const change = (questionId: number, value: AnswerValue) => {
    setAnswer(questionId, value);
    autosave.markDirty();
  };

  const ask = () => {
    setProblem(null);
    const missing = missingRequired(form, answers);
    if (missing.length > 0) {
      setErrors(new Set(missing.map((q) => q.id)));
      setProblem(MISSING_TEXT);
      return;
    }
    setConfirming(true);
  };

  const send = async () => {
    if (!(await autosave.saveNow())) {
      throw new Error('Svaren kunde inte sparas. Försök igen när anslutningen är tillbaka.');
    }
    await submit.trigger({ id: questionnaire.id });
    toast.success(SUBMITTED_TOAST);
  };

  return (
    <form
      aria-label={questionnaire.title}
      className="flex flex-col gap-6"
      onSubmit={(e) => e.preventDefault()}
      noValidate
    >
      <QuestionSections
        form={form}
        answers={answers}
        errors={errors}
        onChange={change}
        disabled={submit.isMutating}
      />
      <SaveStatus state={autosave.state} texts={NOTE_SAVE_TEXTS} onRetry={autosave.retry} />
      {problem ? <Alert variant="error">{problem}</Alert> : null}
      <div>
        <Button type="button" onClick={ask}>
          {SUBMIT_LABEL}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Skicka in enkäten?"
        description="När du har skickat in dina svar kan du inte ändra dem. Din vårdgivare kan läsa dem direkt."
        confirmLabel={SUBMIT_LABEL}
        busyLabel="Skickar in…"
        onConfirm={send}
        fallback={SUBMIT_FAILED}
      />
    </form>
  );
}

function Submitted({ questionnaire }: { questionnaire: QuestionnaireDetail }) {
  const sections = readableSections(asForm(questionnaire), questionnaire.answers);
  return (
    <article aria-label={`Dina svar: ${questionnaire.title}`} className="flex flex-col gap-4">
      <Alert variant="success">
        Inskickad {formatDateTime(questionnaire.submittedAt ?? questionnaire.sentAt)}. Svaren kan
        inte längre ändras.
      </Alert>
      {sections.map((s, i) => (
        <section
          key={i}
          className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-card"
        >
          {s.title ? <h2 className="text-lg font-semibold">{s.title}</h2> : null}
          <dl className="flex flex-col gap-3">
            {s.items.map((item, j) => (
              <div key={j}>
                <dt className="font-medium">{item.question}</dt>
                <dd className="text-fg-muted">{item.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </article>
  );
}

export function AnswerQuestionnaireScreen() {
  const params = useParams();
  const id = Number(params.questionnaireId);
  const valid = Number.isSafeInteger(id) && id > 0;
  const { questionnaire, error, mutate } = useMyQuestionnaire(valid ? id : null, {
    revalidateOnFocus: false,
  });

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-gutter py-section">
      <Link to={questionnairePaths.list} className="text-accent underline underline-offset-4">
        Alla enkäter
      </Link>
      {!valid || error?.status === 404 ? (
        <EmptyState
          title="Enkäten hittades inte."
          description="Kontrollera länken eller öppna enkäten från listan."
        />
      ) : error ? (
        <LoadError onRetry={() => void mutate()}>Kunde inte hämta enkäten</LoadError>
      ) : !questionnaire ? (
        <Spinner label="Hämtar enkäten…" />
      ) : (
        <>
          <div>
            <h1 className="text-2xl font-semibold">{questionnaire.title}</h1>
            {questionnaire.status === 'OPEN' ? (
              <p className="text-fg-muted">
                {questionnaire.dueDate ? `${dueText(questionnaire.dueDate)}. ` : ''}Svaren sparas
                medan du skriver.
              </p>
            ) : null}
          </div>
          {questionnaire.status === 'OPEN' ? (
            <Answering key={questionnaire.id} questionnaire={questionnaire} />
          ) : (
            <Submitted questionnaire={questionnaire} />
          )}
        </>
      )}
    </div>
  );
}
