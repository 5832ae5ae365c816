// One page of the activity log as a table (action in Swedish words, performed by, whom, time,
// IP) with page navigation: the client's Aktivitet tab and /activity show it the same way.
import { activityActionLabels, type ActivityLogPage } from '@halsa/api';
import { Button } from '../../primitives/button/button';

const time = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'medium' });

export interface ActivityTableProps {
  page: ActivityLogPage;
  onPage: (page: number) => void;
  /** The 'Berörd klient' column (the whole log); a client's own log leaves it out. */
  showSubject?: boolean;
}

export function ActivityTable({ page, onPage, showSubject = true }: ActivityTableProps) {
  const pages = Math.max(1, Math.ceil(page.total / page.size));
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-card border border-border bg-surface">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Aktivitetslogg, sida {page.page} av {pages}, nyast först
          </caption>
          <thead className="bg-surface-muted text-fg-muted">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                Händelse
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                Utförd av
              </th>
              {showSubject ? (
                <th scope="col" className="px-4 py-2 font-medium">
                  Berörd klient
                </th>
              ) : null}
              <th scope="col" className="px-4 py-2 font-medium">
                Tid
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                IP-adress
              </th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((l) => (
              <tr key={l.id} className="border-t border-border">
                <td className="px-4 py-2">{activityActionLabels[l.action] ?? l.action}</td>
                <td className="px-4 py-2">{l.performedByName}</td>
                {showSubject ? <td className="px-4 py-2">{l.subjectUserName ?? '–'}</td> : null}
                <td className="px-4 py-2 whitespace-nowrap tabular-nums">
                  <time dateTime={l.timestamp}>{time.format(new Date(l.timestamp))}</time>
                </td>
                <td className="px-4 py-2 tabular-nums">{l.ipAddress ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Sidor i loggen" className="flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            onClick={() => onPage(page.page - 1)}
            disabled={page.page <= 1}
          >
            Nyare
          </Button>
          <span className="text-sm">
            Sida {page.page} av {pages}
          </span>
          <Button
            variant="secondary"
            onClick={() => onPage(page.page + 1)}
            disabled={page.page >= pages}
          >
            Äldre
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
