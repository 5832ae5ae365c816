// 'Vem har läst mina uppgifter' (USER; design §4.11, §4.20): one line per person at the clinic
// and day with what she read ('Läste din journal och dina provsvar.'), newest first, paged. A
// day under 'Nödåtkomst' says so once, with the reason's label and what it means (the staff
// member's own comment is not shown). Appearances in lists and logs only under 'Visa även
// listor och loggar'.
import {
  EMERGENCY_ACCESS_HOURS,
  emergencyReasonLabels,
  useAccessLog,
  type AccessLogEntry,
  type Role,
} from '@halsa/api';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { formatDate, formatTime, SWEDISH_TIME } from '../../../lib/format';
import { Alert } from '../../../primitives/alert/alert';
import { Badge } from '../../../primitives/badge/badge';
import { Spinner } from '../../../primitives/spinner/spinner';
import { Pager } from '../../../primitives/table/table';
import { accessLineText } from './access-log-text';

export const NO_ACCESS = 'Ingen på mottagningen har läst dina uppgifter ännu.';
/** The anchor of the section: her account menu's 'Vem har läst mina uppgifter' leads here. */
export const ACCESS_LOG_ANCHOR = 'vem-har-last';
export const EMERGENCY_MEANS = `Nödåtkomst betyder att någon utanför ditt vårdteam fick läsa dina uppgifter under högst ${EMERGENCY_ACCESS_HOURS} timmar, till exempel i en akut situation. Varje nödåtkomst granskas i efterhand av en administratör.`;

const roleLabels: Record<Role, string> = { ADMIN: 'Administratör', STAFF: 'Personal', USER: '' };

function Line({ entry }: { entry: AccessLogEntry }) {
  return (
    <li className="flex flex-col gap-1 p-3">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold">{entry.performedByName}</span>
        {entry.performedByRole ? (
          <span className="text-sm text-fg-muted">{roleLabels[entry.performedByRole]}</span>
        ) : null}
        <span className="text-sm text-fg-muted">
          <time dateTime={entry.day}>{formatDate(`${entry.day}T12:00:00Z`)}</time>, senast{' '}
          {formatTime(entry.lastAt, { timeZone: SWEDISH_TIME })}
        </span>
      </p>
      {accessLineText(entry.actions).map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      {entry.emergency ? (
        <div className="mt-1 flex flex-col items-start gap-1 rounded-control bg-warning-soft px-3 py-2 text-warning-soft-fg">
          <Badge variant="warning">Nödåtkomst</Badge>
          <p className="text-sm">Skäl: {emergencyReasonLabels[entry.emergency.reason]}</p>
          <p className="text-sm">{EMERGENCY_MEANS}</p>
        </div>
      ) : null}
    </li>
  );
}

export function AccessLog() {
  const headingId = useId();
  const listsId = useId();
  const [page, setPage] = useState(1);
  const [lists, setLists] = useState(false);
  const { page: result, error, isLoading } = useAccessLog(page, true, undefined, lists);
  const pages = result ? Math.max(1, Math.ceil(result.total / result.size)) : 1;
  // Reached from her account menu ('…#vem-har-last'): the section comes into view and takes
  // focus once it is drawn.
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  const loaded = result !== undefined;
  useEffect(() => {
    if (hash === `#${ACCESS_LOG_ANCHOR}` && loaded) {
      sectionRef.current?.scrollIntoView({ block: 'start' });
      sectionRef.current?.focus({ preventScroll: true });
    }
  }, [hash, loaded]);

  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      id={ACCESS_LOG_ANCHOR}
      aria-labelledby={headingId}
      className="flex scroll-mt-20 flex-col gap-3"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Vem har läst mina uppgifter
      </h2>
      <p className="text-fg-muted">
        Varje gång någon på mottagningen läser eller ändrar dina uppgifter loggas det. Här ser du
        vem och vad, en rad per person och dag, senaste först.
      </p>
      <label htmlFor={listsId} className="flex min-h-target items-center gap-2 self-start">
        <input
          id={listsId}
          type="checkbox"
          checked={lists}
          onChange={(e) => {
            setLists(e.target.checked);
            setPage(1);
          }}
          className="size-5 accent-primary"
        />
        Visa även listor och loggar
      </label>
      {error ? (
        <Alert variant="error" title="Kunde inte hämta loggen">
          {error.message}
        </Alert>
      ) : isLoading && !result ? (
        <Spinner label="Hämtar loggen…" />
      ) : result && result.total === 0 ? (
        <p>{NO_ACCESS}</p>
      ) : result ? (
        <>
          <ul
            aria-label="Vem har läst mina uppgifter, senaste först"
            className="flex flex-col divide-y divide-border rounded-card border border-border bg-surface"
          >
            {result.items.map((entry) => (
              <Line key={entry.id} entry={entry} />
            ))}
          </ul>
          {pages > 1 ? (
            <Pager page={result.page} pages={pages} onPage={setPage} label="Sidor i loggen" />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
