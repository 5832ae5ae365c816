import { labFlag, type LabValue } from '@halsa/api';
import { Badge } from '../../../primitives/badge/badge';
import { flagLabels } from '../labels';

/** Where a value lies against its range, in words and colour; nothing without a range. */
export function FlagBadge({ value }: { value: Pick<LabValue, 'value' | 'refLow' | 'refHigh'> }) {
  const flag = labFlag(value);
  if (flag === 'NO_RANGE') return null;
  const out = flag !== 'IN_RANGE';
  return (
    <Badge variant={out ? 'danger' : 'success'} data-flag={flag}>
      {out ? <span aria-hidden="true">{flag === 'HIGH' ? '↑' : '↓'}</span> : null}
      {flagLabels[flag]}
    </Badge>
  );
}
