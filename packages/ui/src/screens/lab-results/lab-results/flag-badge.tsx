import { labFlag, type LabValue } from '@halsa/api';
import { Badge } from '../../../primitives/badge/badge';
import { ABNORMAL_BY_LAB, flagLabels, interpretationLabels, NO_ASSESSMENT } from '../labels';

/** The class of a table's 'Bedömning' cell: on a phone its badge wraps under the label. */
export const FLAG_CELL = 'max-sm:[&>div]:min-w-auto';

type Flagged = Pick<LabValue, 'value' | 'refLow' | 'refHigh'> &
  Partial<Pick<LabValue, 'comparator' | 'interpretation'>>;

/**
 * Where a value lies against its range (or, without one, the lab's interpretation code), in
 * words and colour. When neither says: nothing beside a value, or 'Ingen bedömning' where the
 * badge fills a 'Bedömning' cell of its own (`inCell`), so a stacked row on a phone is never
 * an empty line under its heading.
 */
export function FlagBadge({ value, inCell = false }: { value: Flagged; inCell?: boolean }) {
  const flag = labFlag(value);
  if (flag === 'NO_RANGE') {
    // The lab said 'A' (abnormal) without a direction: said as such, without an arrow.
    return value.interpretation === 'ABNORMAL' &&
      value.refLow === null &&
      value.refHigh === null ? (
      <Badge variant="warning" data-flag="ABNORMAL">
        {ABNORMAL_BY_LAB}
      </Badge>
    ) : inCell ? (
      <span className="text-fg-muted">{NO_ASSESSMENT}</span>
    ) : null;
  }
  const out = flag !== 'IN_RANGE';
  // Without a range the flag is the lab's own assessment, and says so.
  const byLab = value.refLow === null && value.refHigh === null;
  return (
    <Badge variant={out ? 'danger' : 'success'} data-flag={flag}>
      {out ? <span aria-hidden="true">{flag === 'HIGH' ? '↑' : '↓'}</span> : null}
      {(byLab ? interpretationLabels : flagLabels)[flag]}
    </Badge>
  );
}
