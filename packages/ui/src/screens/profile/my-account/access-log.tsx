// 'Vem har läst mina uppgifter' (USER): who at the clinic read or changed her data, what and when,
// newest first, paged.
import { activityActionLabels, useAccessLog, type Role } from '@halsa/api';
import { useId, useState } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Spinner } from '../../../primitives/spinner/spinner';

export const NO_ACCESS = 'Ingen på mottagningen har läst dina uppgifter ännu.';

const roleLabels: Record<Role, string> = { ADMIN: 'Administratör', STAFF: 'Personal', USER: '' };
const time = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Stockholm',
});

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
          <div className="overflow-x-auto rounded-card border border-border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Vem har läst mina uppgifter, senaste först</caption>
              <thead className="bg-surface-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    När
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Vem
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Vad
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.items.map((r) => (
                  <tr key={r.id} className="border-t border-border">
                    <td className="px-3 py-2 whitespace-nowrap">
                      <time dateTime={r.timestamp}>{time.format(new Date(r.timestamp))}</time>
                    </td>
                    <td className="px-3 py-2">
                      {r.performedByName}
                      {r.performedByRole ? (
                        <span className="text-fg-muted"> ({roleLabels[r.performedByRole]})</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">{activityActionLabels[r.action]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav aria-label="Sidor i loggen" className="flex items-center justify-between gap-3">
              <Button variant="secondary" onClick={() => setPage(page - 1)} disabled={page <= 1}>
                Nyare
              </Button>
              <span className="text-sm">
                Sida {result.page} av {pages}
              </span>
              <Button
                variant="secondary"
                onClick={() => setPage(page + 1)}
                disabled={page >= pages}
              >
                Äldre
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
