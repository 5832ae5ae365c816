// /lab-results (spec §2.4, issue 13; USER): her lab files newest first (download, a PDF opened
// in the page, the newest marked new until opened) and, from the structured files of design
// §4.12, the latest value of every analysis against its reference range and a trend per
// analysis across her uploads with the reference band shaded (chart plus table). From a lab's
// FHIR report (§4.15): comparators as written ('<1 mg/L'), text results as text, 'Preliminärt'
// and 'Rättat', blood pressure as one trend of both components, partial dates as given.
import {
  labResultsKey,
  noticeMayBe,
  useLabResults,
  useReadNoticesOf,
  useSession,
} from '@halsa/api';
import { LiveDestinations, useRevalidateOnReconnect, useTopic } from '@halsa/api/live';
import { Alert } from '../../../primitives/alert/alert';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { LabFiles } from './lab-files';
import { LabOverview } from './lab-overview';
import { Page } from '../../../components/page/page';

export const NO_LAB_RESULTS = 'Inga provsvar ännu';

export function LabResultsScreen() {
  const { user } = useSession();
  const { overview, error, isLoading, mutate } = useLabResults(user?.id);
  // A LAB_RESULT notice arriving live brings the new file in without a reload.
  useTopic<unknown>(LiveDestinations.notifications, (body) => {
    if (noticeMayBe(body, 'LAB_RESULT')) void mutate();
  });
  useRevalidateOnReconnect(user ? [labResultsKey(user.id)] : []);
  // Her 'Nya provsvar' notices are read once the page shows her results (issue 35).
  useReadNoticesOf('LAB_RESULT', overview !== undefined && !error);

  return (
    <Page page="labResults" gap="gap-6">
      {error ? (
        <Alert variant="error" title="Kunde inte hämta provsvar">
          {error.message}
        </Alert>
      ) : isLoading || !overview || !user ? (
        <Spinner label="Hämtar provsvar…" />
      ) : overview.files.length === 0 ? (
        <EmptyState
          title={NO_LAB_RESULTS}
          description="När mottagningen har laddat upp dina provsvar visas de här."
        />
      ) : (
        <LabOverview
          overview={overview}
          filesHeading="Dina filer"
          files={<LabFiles userId={user.id} files={overview.files} />}
        />
      )}
    </Page>
  );
}
