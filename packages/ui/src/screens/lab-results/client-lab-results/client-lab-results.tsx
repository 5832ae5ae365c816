// A client's values, flags and trends on her page for staff (design §4.7, issue 35 item 1): the
// 'Lab Resultat' tab draws the same block as her own /lab-results (LabOverview), from the staff
// route that checks the care team and logs the read. Her files are listed without marking them
// opened: only she does that.
import { type Client, useClientLabResults } from '@halsa/api';
import { Alert } from '../../../primitives/alert/alert';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { LabFiles } from '../lab-results/lab-files';
import { LabOverview } from '../lab-results/lab-overview';
import { NO_LAB_RESULTS } from '../lab-results/lab-results';

export function ClientLabResults({ client }: { client: Client }) {
  const { overview, error, isLoading } = useClientLabResults(client.id);
  if (error) {
    return (
      <Alert variant="error" title="Kunde inte hämta provsvar">
        {error.message}
      </Alert>
    );
  }
  if (isLoading || !overview) return <Spinner label="Hämtar provsvar…" />;
  if (overview.files.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        title={NO_LAB_RESULTS}
        description="När provsvar har laddats upp för klienten visas värdena och utvecklingen här."
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <LabOverview
        overview={overview}
        filesHeading="Filer"
        files={<LabFiles userId={client.id} files={overview.files} own={false} />}
      />
    </div>
  );
}
