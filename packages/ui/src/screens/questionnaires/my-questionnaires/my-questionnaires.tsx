// The client's /questionnaires ('Enkäter', design §4.19): the questionnaires her clinic sent her,
// open ones first with their last day, then the ones she has sent in. Each opens the page where
// she answers it (or reads what she sent). A QUESTIONNAIRE notice arriving live refreshes it.
import {
  MY_QUESTIONNAIRES_KEY,
  noticeMayBe,
  useMyQuestionnaires,
  type QuestionnaireSummary,
} from '@halsa/api';
import { LiveDestinations, useRevalidateOnReconnect, useTopic } from '@halsa/api/live';
import { Link } from 'react-router';
import { questionnairePaths } from '../../../config/questionnaire-paths';
import { LoadError } from '../../../components/load-error/load-error';
import { formatDate } from '../../../lib/format';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { Page } from '../../../components/page/page';

export const QUESTIONNAIRES_EMPTY = 'Du har inga enkäter';
export const QUESTIONNAIRES_LOAD_FAILED = 'Kunde inte hämta enkäter';

const DAY_MONTH = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
/** 'Sista dag att svara: 1 december' (a last day is a calendar day, with no time of day). */
export const dueText = (day: string) =>
  `Sista dag att svara: ${DAY_MONTH.format(new Date(`${day}T12:00:00Z`))}`;

function Item({ q }: { q: QuestionnaireSummary }) {
  return (
    <li>
      <Link
        to={questionnairePaths.to(q.id)}
        className="flex flex-col gap-1 rounded-card border border-border bg-surface p-4 shadow-card hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        <span className="font-semibold text-accent underline underline-offset-4">{q.title}</span>
        <span className="text-sm text-fg-muted">
          {q.status === 'OPEN'
            ? q.dueDate
              ? dueText(q.dueDate)
              : 'Ingen sista svarsdag'
            : `Inskickad ${formatDate(q.submittedAt ?? q.sentAt)}`}
        </span>
      </Link>
    </li>
  );
}

export function MyQuestionnairesScreen() {
  const { questionnaires, error, isLoading, mutate } = useMyQuestionnaires();
  useTopic<unknown>(LiveDestinations.notifications, (body) => {
    if (noticeMayBe(body, 'QUESTIONNAIRE')) void mutate();
  });
  useRevalidateOnReconnect([MY_QUESTIONNAIRES_KEY]);
  const open = questionnaires?.filter((q) => q.status === 'OPEN') ?? [];
  const answered = questionnaires?.filter((q) => q.status === 'SUBMITTED') ?? [];

  return (
    <Page page="questionnaires" gap="gap-6">
      {error ? (
        <LoadError onRetry={() => void mutate()}>{QUESTIONNAIRES_LOAD_FAILED}</LoadError>
      ) : isLoading || !questionnaires ? (
        <Spinner label="Hämtar enkäter…" />
      ) : questionnaires.length === 0 ? (
        <EmptyState
          title={QUESTIONNAIRES_EMPTY}
          description="När din vårdgivare skickar en enkät till dig visas den här och du får en notis."
        />
      ) : (
        <>
          <section aria-labelledby="enkater-att-besvara" className="flex flex-col gap-3">
            <h2 id="enkater-att-besvara" className="text-lg font-semibold">
              Att besvara
            </h2>
            {open.length === 0 ? (
              <p className="text-fg-muted">Du har besvarat alla enkäter.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {open.map((q) => (
                  <Item key={q.id} q={q} />
                ))}
              </ul>
            )}
          </section>
          {answered.length > 0 ? (
            <section aria-labelledby="enkater-besvarade" className="flex flex-col gap-3">
              <h2 id="enkater-besvarade" className="text-lg font-semibold">
                Besvarade
              </h2>
              <ul className="flex flex-col gap-3">
                {answered.map((q) => (
                  <Item key={q.id} q={q} />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </Page>
  );
}
