// A client's lab results as one block, drawn the same for her (/lab-results) and for her coach
// (the 'Lab Resultat' tab of her page, design §4.7): the latest value of every analysis against
// its range (flags, comparators, text results) and a trend per analysis, then her files. One
// component, so staff and the client never see two versions of the same values.
import type { LabResultsOverview } from '@halsa/api';
import {
  startTransition,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { afterNextFrame } from '../../../lib/after-next-frame';
import { Spinner } from '../../../primitives/spinner/spinner';
import { groupAnalyses, groupTrends, latestTexts } from '../analyses';
import { Trends } from './trends';
import { TextValuesTable, ValuesTable } from './values-table';

export interface LabOverviewProps {
  overview: LabResultsOverview;
  /** The heading of the files part ('Dina filer' for her, 'Filer' for staff). */
  filesHeading: string;
  /** The files part under the values and trends. */
  files: ReactNode;
}

export function LabOverview({ overview: latest, filesHeading, files }: LabOverviewProps) {
  const headingId = useId();
  // SWR hands new data over synchronously; drawn as a deferred render, the tables and trends
  // are built in slices a phone's main thread can interleave with input (issue 26). The
  // initial null defers the first render too (issue 39): without it React builds every table
  // and trend in one task of 200+ ms on a slow phone. Until then the spinner the page showed
  // while fetching stays where it was, so nothing shifts.
  const overview = useDeferredValue<LabResultsOverview | null>(latest, null);
  const analyses = useMemo(() => (overview ? groupAnalyses(overview.values) : []), [overview]);
  const trends = useMemo(() => groupTrends(analyses), [analyses]);
  const texts = useMemo(() => latestTexts(overview?.textValues ?? []), [overview]);
  // The trends and files follow the latest values as a render of their own, so the browser
  // lays out and paints the table first and the hundreds of trend elements after it, not in
  // one 350+ ms task (issue 39). Added below what is on screen, they move nothing. They wait
  // for the frame with the table: started at once, nothing kept their render and commit from
  // landing before that frame, which would then style and lay out both in one task. (The
  // trends and files are still one frame of their own: 556 elements, 746 layout objects with
  // the demo's three trends, 130-250 ms at 4× slowdown on a busy machine.)
  const [later, setLater] = useState(false);
  useEffect(() => {
    if (overview && !later) return afterNextFrame(() => startTransition(() => setLater(true)));
  }, [overview, later]);
  // The tables and trends as the same elements while their data is the same: the screen around
  // them renders again, synchronously, as its other calls answer (the session, her notices
  // marked read, the files); React then skips these parts instead of building them again
  // (issue 39: 50–90 ms tasks on a slowed phone).
  const values = useMemo(
    () =>
      analyses.length > 0 || texts.length > 0 ? (
        <section aria-labelledby={`${headingId}-values`} className="flex flex-col gap-3">
          <h2 id={`${headingId}-values`} className="text-xl font-semibold">
            Senaste värden
          </h2>
          {analyses.length > 0 ? <ValuesTable analyses={analyses} /> : null}
          {texts.length > 0 ? <TextValuesTable values={texts} /> : null}
        </section>
      ) : null,
    [analyses, texts, headingId],
  );
  const trendsPart = useMemo(
    () =>
      analyses.length > 0 ? (
        <section aria-labelledby={`${headingId}-trends`} className="flex flex-col gap-3">
          <h2 id={`${headingId}-trends`} className="text-xl font-semibold">
            Utveckling över tid
          </h2>
          <Trends trends={trends} />
        </section>
      ) : null,
    [analyses.length, trends, headingId],
  );
  if (!overview) return <Spinner label="Hämtar provsvar…" />;
  return (
    <>
      {values}
      {later ? trendsPart : null}
      {later ? (
        <section aria-labelledby={`${headingId}-files`} className="flex flex-col gap-3">
          <h2 id={`${headingId}-files`} className="text-xl font-semibold">
            {filesHeading}
          </h2>
          {files}
        </section>
      ) : null}
    </>
  );
}
