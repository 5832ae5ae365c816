// What was read from a structured lab file (design §4.15), for the ADMIN: 'N värden lästes,
// M hoppades över' and each skipped value's analysis with the Swedish reason it was skipped.
import type { LabReadSummary } from '@halsa/api';
import { useId } from 'react';

/** The most skipped values listed; the rest are counted ('och 12 till'). */
const MAX_LISTED = 20;

/** '12 värden lästes, 2 hoppades över' (singular for one). */
export function readSummaryText({ read, skipped, skippedCount }: LabReadSummary): string {
  const m = skippedCount ?? skipped.length;
  return `${read} ${read === 1 ? 'värde' : 'värden'} lästes, ${m} hoppades över`;
}

/** 'Temperature: värdet är makulerat (status entered-in-error)'. */
export const skippedText = (s: LabReadSummary['skipped'][number]): string =>
  `${s.analysis ?? 'Analys utan namn'}: ${s.reason}`;

export function ReadSummary({ summary, fileName }: { summary: LabReadSummary; fileName: string }) {
  const id = useId();
  const listed = summary.skipped.slice(0, MAX_LISTED);
  // A long list was cut when stored (50 kept, then 'och N till'): count from the total.
  const more = (summary.skippedCount ?? summary.skipped.length) - listed.length;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="read-summary">
      <p id={id} className="font-medium">
        {readSummaryText(summary)}
      </p>
      {listed.length > 0 ? (
        <ul
          aria-label={`Värden som hoppades över i ${fileName}`}
          className="ml-5 list-disc text-fg-muted [overflow-wrap:anywhere]"
        >
          {listed.map((s, i) => (
            <li key={i}>{skippedText(s)}</li>
          ))}
          {more > 0 ? <li>och {more} till</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
