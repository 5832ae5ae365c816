// One page of the activity log as a table (action in Swedish words, performed by, whom, time,
// IP) with page navigation: the client's Aktivitet tab and /activity show it the same way.
import { activityActionLabels, type ActivityLog, type ActivityLogPage } from '@halsa/api';
import { formatTimestamp } from '../../lib/format';
import { Pager, Table, type TableProps } from '../../primitives/table/table';

export interface ActivityTableProps {
  page: ActivityLogPage;
  onPage: (page: number) => void;
  /** The 'Berörd klient' column (the whole log); a client's own log leaves it out. */
  showSubject?: boolean;
}

const columns = (showSubject: boolean): TableProps<ActivityLog>['columns'] => [
  { header: 'Händelse', cell: (l) => activityActionLabels[l.action] ?? l.action },
  { header: 'Utförd av', cell: (l) => l.performedByName },
  showSubject && { header: 'Berörd klient', cell: (l) => l.subjectUserName ?? '–' },
  {
    header: 'Tid',
    className: 'whitespace-nowrap tabular-nums',
    cell: (l) => <time dateTime={l.timestamp}>{formatTimestamp(l.timestamp)}</time>,
  },
  { header: 'IP-adress', className: 'tabular-nums', cell: (l) => l.ipAddress ?? '–' },
];

export function ActivityTable({ page, onPage, showSubject = true }: ActivityTableProps) {
  const pages = Math.max(1, Math.ceil(page.total / page.size));
  return (
    <div className="flex flex-col gap-3">
      <Table
        caption={`Aktivitetslogg, sida ${page.page} av ${pages}, nyast först`}
        columns={columns(showSubject)}
        rows={page.items}
        rowKey={(l) => l.id}
      />
      {pages > 1 ? (
        <Pager page={page.page} pages={pages} onPage={onPage} label="Sidor i loggen" />
      ) : null}
    </div>
  );
}
