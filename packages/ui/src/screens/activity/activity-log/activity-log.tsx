// /activity (spec §2.4, §2.5): the whole activity log for STAFF and ADMIN, newest first and
// paged, filtered by action and by the person who performed it; an ADMIN exports it as CSV
// with the intervals of spec §9.
import {
  ACTIVITY_ACTIONS,
  type ActivityAction,
  activityActionLabels,
  type ActivityLogQuery,
  displayName,
  type ExportInterval,
  isApiError,
  saveBlob,
  useActivityLogPage,
  useExportLogs,
  useSession,
  useStaff,
} from '@halsa/api';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { ActivityTable } from '../../../components/activity-table/activity-table';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Select } from '../../../primitives/select/select';
import { Spinner } from '../../../primitives/spinner/spinner';
import { Page } from '../../../components/page/page';

export const ACTIVITY_LOG_PAGE_SIZE = 50;
export const NO_LOG_ROWS = 'Ingen aktivitet hittades.';
export const LOG_EXPORT_FAILED = 'Kunde inte exportera aktivitetsloggen.';

const INTERVALS: { value: ExportInterval; label: string }[] = [
  { value: 'all', label: 'Alla' },
  { value: '2veckor', label: '2 veckor' },
  { value: '30dagar', label: '30 dagar' },
  { value: '3man', label: '3 månader' },
  { value: '6man', label: '6 månader' },
  { value: '1ar', label: '1 år' },
];

/** A positive id from the URL, as the 'Utförd av' select holds it, or ''. */
const idOf = (value: string | null): string =>
  value && /^[1-9]\d{0,15}$/.test(value) ? value : '';
/** A day from the URL (YYYY-MM-DD), or ''. */
const dayOf = (value: string | null): string =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';

export function ActivityLogScreen() {
  const { user } = useSession();
  // 'Logguppföljning' links here narrowed to a person and a day, or to one emergency access.
  const [params] = useSearchParams();
  const [action, setAction] = useState<ActivityAction | ''>('');
  const [performedBy, setPerformedBy] = useState(() => idOf(params.get('performedBy')));
  const [day, setDay] = useState(() => dayOf(params.get('day')));
  const [emergencyAccess, setEmergencyAccess] = useState(() => idOf(params.get('emergencyAccess')));
  // A new filter starts again at page 1.
  const filterKey = `${action}|${performedBy}|${day}|${emergencyAccess}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const query: ActivityLogQuery = {
    page,
    size: ACTIVITY_LOG_PAGE_SIZE,
    ...(action ? { action } : {}),
    ...(performedBy ? { performedBy: Number(performedBy) } : {}),
    ...(day ? { day } : {}),
    ...(emergencyAccess ? { emergencyAccess: Number(emergencyAccess) } : {}),
  };
  const { page: result, error, isLoading } = useActivityLogPage(query);
  // Only STAFF and ADMIN, from the server: never the register of clients (design §4.13).
  const { staff } = useStaff();
  const [interval, setInterval] = useState<ExportInterval>('30dagar');
  const exporter = useExportLogs();
  const [exportError, setExportError] = useState<string | null>(null);

  const exportCsv = async () => {
    setExportError(null);
    try {
      saveBlob(await exporter.trigger(interval), `aktivitetslogg_${interval}.csv`);
    } catch (e) {
      setExportError(isApiError(e) && e.message ? e.message : LOG_EXPORT_FAILED);
    }
  };

  return (
    <Page
      page="activity"
      gap="gap-4"
      actions={
        user?.role === 'ADMIN' ? (
          <Link to={paths.activityReview} className="text-primary underline underline-offset-4">
            Logguppföljning
          </Link>
        ) : null
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label="Händelse"
          options={[
            { value: '', label: 'Alla händelser' },
            ...ACTIVITY_ACTIONS.map((a) => ({ value: a, label: activityActionLabels[a] })),
          ]}
          value={action}
          onChange={(e) => setAction(e.target.value as ActivityAction | '')}
        />
        <Select
          label="Utförd av"
          options={[
            { value: '', label: 'Alla personer' },
            ...(staff ?? []).map((u) => ({
              value: String(u.id),
              label: displayName(u),
            })),
          ]}
          value={performedBy}
          onChange={(e) => setPerformedBy(e.target.value)}
        />
        {user?.role === 'ADMIN' ? (
          <div className="ml-auto flex flex-wrap items-end gap-2">
            <Select
              label="Exportintervall"
              options={INTERVALS}
              value={interval}
              onChange={(e) => setInterval(e.target.value as ExportInterval)}
            />
            <Button
              variant="secondary"
              onClick={() => void exportCsv()}
              disabled={exporter.isMutating}
            >
              {exporter.isMutating ? 'Exporterar…' : 'Exportera CSV'}
            </Button>
          </div>
        ) : null}
      </div>
      {day || emergencyAccess ? (
        <Alert
          variant="info"
          action={
            <Button
              variant="link"
              size="sm"
              onClick={() => {
                setDay('');
                setEmergencyAccess('');
              }}
            >
              Visa alla rader
            </Button>
          }
        >
          {emergencyAccess
            ? 'Visar raderna som skrevs under en nödåtkomst.'
            : `Visar raderna från ${formatDate(`${day}T12:00:00Z`)}.`}
        </Alert>
      ) : null}
      {exportError ? <Alert variant="error">{exportError}</Alert> : null}
      {error ? (
        <Alert variant="error" title="Kunde inte hämta aktivitetsloggen">
          {error.message}
        </Alert>
      ) : isLoading && !result ? (
        <Spinner label="Hämtar aktivitet…" />
      ) : result && result.total === 0 ? (
        <EmptyState title={NO_LOG_ROWS} />
      ) : result ? (
        <ActivityTable page={result} onPage={setPage} />
      ) : null}
    </Page>
  );
}
