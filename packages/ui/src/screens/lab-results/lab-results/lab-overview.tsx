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
import { partsShown } from './lab-parts';
import { Trends, withTrend } from './trends';
import { TextValuesTable, ValuesTable } from './values-table';

/** Every part is drawn: the latest values, the trend cards and the files. */
const ALL = Infinity;

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
  // The block comes one part at a time, each a render of its own after the frame that drew the
  // part before it (issue 39): the latest values a slice of rows at a time, then each trend
  // card (its table only when asked for, 'Visa som tabell'), then the files. Drawn together
  // they were one frame of 556 elements and 746 layout objects with the demo's trends (31-45 ms
  // on a CPU in Lighthouse's traces, 220-315 ms at 7×); a card alone was 55-90 elements with its
  // hidden table, the values 177. Each part waits for the frame with the one before: started
  // at once, nothing kept its render and commit from landing before that frame, which would
  // then style and lay out both in one task. Added below what is on screen, they move nothing.
  // Once all are drawn, later answers (her files, a new upload) draw everything at once, so the
  // elements on screen stay. The final DOM is the same as drawn at once.
  const cards = useMemo(() => withTrend(trends).length, [trends]);
  const [step, setStep] = useState(0);
  const rowCount = analyses.length;
  const textCount = texts.length;
  const shown = partsShown(step, { rows: rowCount, texts: textCount, cards });
  const complete = step === ALL;
  useEffect(() => {
    if (!overview || complete) return;
    const sizes = { rows: rowCount, texts: textCount, cards };
    return afterNextFrame(() =>
      startTransition(() => setStep((n) => (partsShown(n + 1, sizes).all ? ALL : n + 1))),
    );
  }, [overview, step, complete, rowCount, textCount, cards]);
  // The tables and trends as the same elements while their data is the same: the screen around
  // them renders again, synchronously, as its other calls answer (the session, her notices
  // marked read, the files); React then skips these parts instead of building them again
  // (issue 39: 50–90 ms tasks on a slowed phone).
  const rowsShown = shown.rows;
  const textsShown = shown.texts;
  const latestShown = useMemo(
    () => (rowsShown < analyses.length ? analyses.slice(0, rowsShown) : analyses),
    [analyses, rowsShown],
  );
  const values = useMemo(
    () =>
      analyses.length > 0 || texts.length > 0 ? (
        <section aria-labelledby={`${headingId}-values`} className="flex flex-col gap-3">
          <h2 id={`${headingId}-values`} className="text-xl font-semibold">
            Senaste värden
          </h2>
          {analyses.length > 0 ? <ValuesTable analyses={latestShown} /> : null}
          {texts.length > 0 && textsShown ? <TextValuesTable values={texts} /> : null}
        </section>
      ) : null,
    [analyses.length, latestShown, texts, textsShown, headingId],
  );
  const cardsShown = shown.cards;
  const trendsPart = useMemo(
    () =>
      analyses.length > 0 ? (
        <section aria-labelledby={`${headingId}-trends`} className="flex flex-col gap-3">
          <h2 id={`${headingId}-trends`} className="text-xl font-semibold">
            Utveckling över tid
          </h2>
          <Trends trends={trends} drawn={cardsShown} />
        </section>
      ) : null,
    [analyses.length, trends, headingId, cardsShown],
  );
  if (!overview) return <Spinner label="Hämtar provsvar…" />;
  return (
    <>
      {values}
      {cardsShown > 0 || (cards === 0 && shown.texts) ? trendsPart : null}
      {shown.files ? (
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
