// Where a lab value lies against its reference range (design §4.15). Zod-free on purpose: the
// portal's /lab-results draws its flags with it without loading the contract's schemas (issue
// 26), and its chunk holds only the contract's plain helpers (packages/portal/vite.config.ts).
import type { LabValue } from './lab-results.ts';

/** Where a value lies against its reference range; `NO_RANGE` when none was given. */
export type LabFlag = 'LOW' | 'HIGH' | 'IN_RANGE' | 'NO_RANGE';

/**
 * The flag (design §4.15): against the range, where a value with a comparator is flagged only
 * when certainly outside it (`<1` below a low of 3, `>100` above a high of 50); without a range
 * the lab's interpretation code (L/H; N is in range, A has no direction and stays unflagged).
 */
export function labFlag(
  v: Pick<LabValue, 'value' | 'refLow' | 'refHigh'> &
    Partial<Pick<LabValue, 'comparator' | 'interpretation'>>,
): LabFlag {
  if (v.refLow === null && v.refHigh === null) {
    if (v.interpretation === 'LOW') return 'LOW';
    if (v.interpretation === 'HIGH') return 'HIGH';
    if (v.interpretation === 'NORMAL') return 'IN_RANGE';
    return 'NO_RANGE';
  }
  const below = v.comparator === '>' || v.comparator === '>=' ? false : true;
  const above = v.comparator === '<' || v.comparator === '<=' ? false : true;
  // `<x` is certainly low when x <= low (`<=x` when x < low); likewise for `>x` and high.
  if (v.refLow !== null && below) {
    if (v.comparator === '<' ? v.value <= v.refLow : v.value < v.refLow) return 'LOW';
  }
  if (v.refHigh !== null && above) {
    if (v.comparator === '>' ? v.value >= v.refHigh : v.value > v.refHigh) return 'HIGH';
  }
  return 'IN_RANGE';
}
