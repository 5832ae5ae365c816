// 'Vem har läst mina uppgifter' (USER): who at the clinic read or changed her data, what and when,
// newest first, paged.
import {
  activityActionLabels,
  emergencyReasonLabels,
  useAccessLog,
  type AccessLogEntry,
  type Role,
} from '@halsa/api';
import { Badge } from '../../../primitives/badge/badge';
import { useId, useState } from 'react';
import { formatDateAtTime, SWEDISH_TIME } from '../../../lib/format';
import { Alert } from '../../../primitives/alert/alert';
import { Spinner } from '../../../primitives/spinner/spinner';
import { Pager, Table, type TableColumn } from '../../../primitives/table/table';

export const NO_ACCESS = 'Ingen på mottagningen har läst dina uppgifter ännu.';

const roleLabels: Record<Role, string> = { ADMIN: 'Administratör', STAFF: 'Personal', USER: '' };

const columns: TableColumn<AccessLogEntry>[] = [
  {
    header: 'När',
    className: 'whitespace-nowrap',
    cell: (r) => (
      <time dateTime={r.timestamp}>
        {formatDateAtTime(r.timestamp, { timeZone: SWEDISH_TIME })}
      </time>
    ),
  },
  {
    header: 'Vem',
    cell: (r) => (
      <>
        {r.performedByName}
        {r.performedByRole ? (
          <span className="text-fg-muted"> ({roleLabels[r.performedByRole]})</span>
        ) : null}
      </>
    ),
  },
  {
    header: 'Vad',
    cell: (r) => (
      <>
        {activityActionLabels[r.action]}
        {/* Read under 'Nödåtkomst' (design §4.14): the reason given, and its comment. */}
        {r.emergency ? (
          <span className="mt-1 flex flex-col items-start gap-1">
            <Badge variant="warning">Nödåtkomst</Badge>
            <span className="text-sm">
              Skäl: {emergencyReasonLabels[r.emergency.reason]}
              {r.emergency.comment ? ` – ${r.emergency.comment}` : ''}
            </span>
          </span>
        ) : null}
      </>
    ),
  },
];

export function AccessLog() {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const { page: result, error, isLoading } = useAccessLog(page);
  const pages = result ? Math.max(1, Math.ceil(result.total / result.size)) : 1;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Vem har läst mina uppgifter
      </h2>
      <p className="text-fg-muted">
        Varje gång någon på mottagningen läser eller ändrar dina uppgifter loggas det. Här ser du
        vem, vad och när, senaste först.
      </p>
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
          <Table
            caption="Vem har läst mina uppgifter, senaste först"
            columns={columns}
            rows={result.items}
            rowKey={(r) => r.id}
          />
          {pages > 1 ? (
            <Pager page={result.page} pages={pages} onPage={setPage} label="Sidor i loggen" />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
