// Aktivitet (spec §2.6, §8, §9): the client's activity log, newest first and paged (action in
// Swedish, performed by, time, IP), and for an ADMIN the export interval selector that downloads
// a CSV. Empty: 'Ingen aktivitet hittades för denna användaren.'
import {
  displayName,
  EXPORT_INTERVALS,
  exportIntervalLabels,
  isApiError,
  isNoCareRelation,
  saveBlob,
  useExportSubjectLogs,
  useSession,
  useSubjectLogPage,
  type Client,
  type ExportInterval,
} from '@halsa/api';
import { useState } from 'react';
import { ActivityTable } from '../../../components/activity-table/activity-table';
import { NoCareRelation } from '../emergency-access/no-care-relation';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { Select } from '../../../primitives/select/select';
import { Spinner } from '../../../primitives/spinner/spinner';

export const NO_ACTIVITY = 'Ingen aktivitet hittades för denna användaren.';
export const EXPORT_FAILED = 'Kunde inte exportera aktivitetsloggen.';
export const ACTIVITY_PAGE_SIZE = 25;

export function LogExport({
  onExport,
  busy,
}: {
  onExport: (interval: ExportInterval) => void;
  busy: boolean;
}) {
  const [interval, setInterval] = useState<ExportInterval>('30dagar');
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Select
        label="Exportintervall"
        options={EXPORT_INTERVALS.map((i) => ({ value: i, label: exportIntervalLabels[i] }))}
        value={interval}
        onChange={(e) => setInterval(e.target.value as ExportInterval)}
      />
      <Button variant="secondary" onClick={() => onExport(interval)} disabled={busy}>
        {busy ? 'Exporterar…' : 'Exportera CSV'}
      </Button>
    </div>
  );
}

export function ClientActivityTab({ client }: { client: Client }) {
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const {
    page: result,
    error,
    isLoading,
  } = useSubjectLogPage(client.id, {
    page,
    size: ACTIVITY_PAGE_SIZE,
  });
  const exporter = useExportSubjectLogs();
  const [exportError, setExportError] = useState<string | null>(null);

  const exportCsv = async (interval: ExportInterval) => {
    setExportError(null);
    try {
      const blob = await exporter.trigger({ userId: client.id, interval });
      saveBlob(blob, `aktivitetslogg_klient-${client.id}_${interval}.csv`);
    } catch (e) {
      setExportError(isApiError(e) && e.message ? e.message : EXPORT_FAILED);
    }
  };

  return (
    <section className="flex flex-col gap-4" aria-label="Aktivitet">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-lg font-semibold">Aktivitet</h2>
        {user?.role === 'ADMIN' ? (
          <LogExport onExport={(i) => void exportCsv(i)} busy={exporter.isMutating} />
        ) : null}
      </div>
      {exportError ? <Alert variant="error">{exportError}</Alert> : null}
      {isNoCareRelation(error) ? (
        <NoCareRelation clientId={client.id} clientName={displayName(client)} headingLevel={3} />
      ) : error ? (
        <Alert variant="error">{error.message}</Alert>
      ) : isLoading && !result ? (
        <Spinner label="Hämtar aktivitet…" />
      ) : result && result.total === 0 ? (
        <p className="text-sm text-fg-muted">{NO_ACTIVITY}</p>
      ) : result ? (
        <ActivityTable page={result} onPage={setPage} showSubject={false} />
      ) : null}
    </section>
  );
}
