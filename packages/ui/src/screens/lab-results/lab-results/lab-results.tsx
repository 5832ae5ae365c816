// /lab-results (spec §2.4, issue 13; USER): her lab files newest first (download, a PDF opened
// in the page, the newest marked new until opened) and, from the structured files of design
// §4.12, the latest value of every analysis against its reference range and a trend per
// analysis across her uploads with the reference band shaded (chart plus table). From a lab's
// FHIR report (§4.15): comparators as written ('<1 mg/L'), text results as text, 'Preliminärt'
// and 'Rättat', blood pressure as one trend of both components, partial dates as given.
import { labResultsKey, noticeMayBe, useLabResults, useSession } from '@halsa/api';
import { LiveDestinations, useRevalidateOnReconnect, useTopic } from '@halsa/api/live';
import { useDeferredValue, useId, useMemo } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { groupAnalyses, groupTrends, latestTexts } from '../analyses';
import { LAB_RESULTS_LEAD } from '../labels';
import { LabFiles } from './lab-files';
import { Trends } from './trends';
import { TextValuesTable, ValuesTable } from './values-table';

export const NO_LAB_RESULTS = 'Inga provsvar ännu';

export function LabResultsScreen() {
  const { user } = useSession();
  const headingId = useId();
  const { overview: latest, error, isLoading, mutate } = useLabResults(user?.id);
  // SWR hands new data over synchronously; drawn as a deferred render, the tables and trends
  // are built in slices a phone's main thread can interleave with input (issue 26).
  const overview = useDeferredValue(latest);
  // A LAB_RESULT notice arriving live brings the new file in without a reload.
  useTopic<unknown>(LiveDestinations.notifications, (body) => {
    if (noticeMayBe(body, 'LAB_RESULT')) void mutate();
  });
  useRevalidateOnReconnect(user ? [labResultsKey(user.id)] : []);
  const analyses = useMemo(() => groupAnalyses(overview?.values ?? []), [overview]);
  const trends = useMemo(() => groupTrends(analyses), [analyses]);
  const texts = useMemo(() => latestTexts(overview?.textValues ?? []), [overview]);

  return (
    <section
      aria-labelledby={headingId}
      className="mx-auto flex max-w-4xl flex-col gap-6 px-gutter py-section"
    >
      <div>
        <h1 id={headingId} className="text-2xl font-semibold">
          Provsvar
        </h1>
        <p className="text-fg-muted">{LAB_RESULTS_LEAD}</p>
      </div>
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
        <>
          {analyses.length > 0 || texts.length > 0 ? (
            <section aria-labelledby={`${headingId}-values`} className="flex flex-col gap-3">
              <h2 id={`${headingId}-values`} className="text-xl font-semibold">
                Senaste värden
              </h2>
              {analyses.length > 0 ? <ValuesTable analyses={analyses} /> : null}
              {texts.length > 0 ? <TextValuesTable values={texts} /> : null}
            </section>
          ) : null}
          {analyses.length > 0 ? (
            <section aria-labelledby={`${headingId}-trends`} className="flex flex-col gap-3">
              <h2 id={`${headingId}-trends`} className="text-xl font-semibold">
                Utveckling över tid
              </h2>
              <Trends trends={trends} />
            </section>
          ) : null}
          <section aria-labelledby={`${headingId}-files`} className="flex flex-col gap-3">
            <h2 id={`${headingId}-files`} className="text-xl font-semibold">
              Dina filer
            </h2>
            <LabFiles userId={user.id} files={overview.files} />
          </section>
        </>
      )}
    </section>
  );
}
