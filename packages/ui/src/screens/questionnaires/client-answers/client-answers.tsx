// The care team's side of questionnaires (design §4.19, issue 36). On a client's Journal tab,
// beside her notes: the questionnaires she has sent in, marked as her own answers, each with
// 'Skapa anteckning från svaren' (whoever reads this tab may write her notes, §4.19): pick a journal form
// and its note page opens with her answers quoted in its first free-text question. On her
// overview: the questionnaires still open, with their last day.
import {
  type Client,
  displayName,
  type StaffQuestionnaire,
  useClientQuestionnaires,
  useFormSummaries,
} from '@halsa/api';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ReadableSections } from '../../../components/readable-sections/readable-sections';
import { LoadError } from '../../../components/load-error/load-error';
import { to } from '../../../config/links';
import { formatDate } from '../../../lib/format';
import { Badge } from '../../../primitives/badge/badge';
import { Button } from '../../../primitives/button/button';
import { Modal } from '../../../primitives/modal/modal';
import { Spinner } from '../../../primitives/spinner/spinner';
import { dueText } from '../my-questionnaires/my-questionnaires';

export const OWN_ANSWERS = 'Klientens egna svar';
export const CREATE_NOTE = 'Skapa anteckning från svaren';
export const ANSWERS_LOAD_FAILED = 'Kunde inte hämta klientens enkäter';
export const NO_ANSWERS = 'Klienten har inte skickat in någon enkät ännu.';
export const OPEN_HEADING = 'Öppna enkäter';
export const NO_OPEN = 'Inga öppna enkäter.';

/** What the note page reads from the link's state: the quoted answers. */
export interface QuotedAnswersState {
  quotedAnswers?: string;
}

/** Her answers as the text quoted into a note: title, day, then each question and answer. */
export function quoteAnswers(q: StaffQuestionnaire): string {
  const head = `Klientens egna svar i enkäten ”${q.title}”, inskickad ${formatDate(
    q.submittedAt ?? q.sentAt,
  )}:`;
  const body = q.sections.map((s) =>
    [s.title, ...s.items.map((i) => `${i.question}: ${i.answer}`)].filter(Boolean).join('\n'),
  );
  return [head, ...body].join('\n\n');
}

/** The journal forms to quote into; mounted only while the modal is open, so it fetches then. */
function NoteFormChoices({ client, q }: { client: Client; q: StaffQuestionnaire }) {
  const { forms, error, mutate } = useFormSummaries();
  const navigate = useNavigate();
  const journalForms = (forms ?? []).filter((f) => f.purpose === 'JOURNAL' && !f.drafted);
  if (error)
    return <LoadError onRetry={() => void mutate()}>Misslyckades att hämta formulär</LoadError>;
  if (!forms) return <Spinner label="Hämtar formulär…" />;
  if (!journalForms.length)
    return <p className="text-fg-muted">Det finns inga publicerade journalformulär.</p>;
  return (
    <ul aria-label="Journalformulär" className="flex flex-col gap-2">
      {journalForms.map((form) => (
        <li key={form.id}>
          <button
            type="button"
            onClick={() =>
              navigate(to.clientJournalForm(client.id, form.id), {
                state: { quotedAnswers: quoteAnswers(q) } satisfies QuotedAnswersState,
              })
            }
            className="flex min-h-target w-full cursor-pointer items-center rounded-control border border-border px-4 py-3 text-left font-medium hover:bg-primary-soft"
          >
            {form.title || 'Namnlöst formulär'}
          </button>
        </li>
      ))}
    </ul>
  );
}

function CreateNote({ client, q }: { client: Client; q: StaffQuestionnaire }) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      title={CREATE_NOTE}
      description={`Välj journalformulär. Svaren citeras i formulärets första textfråga för ${displayName(client)}.`}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" size="sm" aria-label={`${CREATE_NOTE} i ${q.title}`}>
          {CREATE_NOTE}
        </Button>
      }
    >
      {open ? <NoteFormChoices client={client} q={q} /> : null}
    </Modal>
  );
}

function Answered({ client, q }: { client: Client; q: StaffQuestionnaire }) {
  return (
    <li>
      <article
        aria-label={`${q.title}, ${OWN_ANSWERS.toLowerCase()}`}
        className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{q.title}</h3>
          <Badge variant="info">{OWN_ANSWERS}</Badge>
        </div>
        <p className="text-sm text-fg-muted">
          {`Inskickad ${formatDate(q.submittedAt ?? q.sentAt)} · skickad av ${q.sentByName}`}
        </p>
        <ReadableSections sections={q.sections} headingLevel={4} />
        <div>
          <CreateNote client={client} q={q} />
        </div>
      </article>
    </li>
  );
}

/** 'Klientens egna svar' on her Journal tab: the questionnaires she has sent in, newest first. */
export function ClientQuestionnaireAnswers({ client }: { client: Client }) {
  const { questionnaires, error, mutate } = useClientQuestionnaires(client.id);
  const answered = (questionnaires ?? []).filter((q) => q.status === 'SUBMITTED');
  return (
    <section aria-labelledby="egna-svar-rubrik" className="flex flex-col gap-3">
      <h2 id="egna-svar-rubrik" className="text-lg font-semibold">
        {OWN_ANSWERS}
      </h2>
      {error ? (
        <LoadError onRetry={() => void mutate()}>{ANSWERS_LOAD_FAILED}</LoadError>
      ) : !questionnaires ? (
        <Spinner label="Hämtar enkätsvar…" />
      ) : answered.length === 0 ? (
        <p className="text-fg-muted">{NO_ANSWERS}</p>
      ) : (
        <ul aria-label="Inskickade enkäter" className="flex flex-col gap-4">
          {answered.map((q) => (
            <Answered key={q.id} client={client} q={q} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Öppna enkäter' on her overview: sent, not yet answered, with the last day. */
export function OpenQuestionnaires({ client }: { client: Client }) {
  const { questionnaires, error, mutate } = useClientQuestionnaires(client.id);
  const open = (questionnaires ?? []).filter((q) => q.status === 'OPEN');
  return (
    <section
      aria-labelledby="oppna-enkater-rubrik"
      className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4 shadow-card"
    >
      <h2 id="oppna-enkater-rubrik" className="font-semibold">
        {OPEN_HEADING}
      </h2>
      {error ? (
        <LoadError onRetry={() => void mutate()}>{ANSWERS_LOAD_FAILED}</LoadError>
      ) : !questionnaires ? (
        <Spinner label="Hämtar enkäter…" />
      ) : open.length === 0 ? (
        <p className="text-fg-muted">{NO_OPEN}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {open.map((q) => (
            <li key={q.id} className="flex flex-col">
              <span className="font-medium">{q.title}</span>
              <span className="text-sm text-fg-muted">
                {[
                  `Skickad ${formatDate(q.sentAt)} av ${q.sentByName}`,
                  q.dueDate ? dueText(q.dueDate) : 'Ingen sista svarsdag',
                ].join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
