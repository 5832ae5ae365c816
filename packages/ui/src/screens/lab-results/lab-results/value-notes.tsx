import type { LabValue } from '@halsa/api';
import { Badge } from '../../../primitives/badge/badge';
import { correctedText, PRELIMINARY } from '../labels';

type Noted = Partial<Pick<LabValue, 'preliminary' | 'correctedAt'>>;

/** 'Preliminärt' for a value the lab has not made final; 'Rättat' and its day for a correction. */
export function ValueNotes({ value }: { value: Noted }) {
  if (!value.preliminary && !value.correctedAt) return null;
  return (
    <>
      {value.preliminary ? (
        <Badge variant="warning" data-note="preliminary">
          {PRELIMINARY}
        </Badge>
      ) : null}
      {value.correctedAt ? (
        <Badge variant="neutral" data-note="corrected">
          {correctedText(value.correctedAt)}
        </Badge>
      ) : null}
    </>
  );
}

/** A value with its notes beside it, wrapping under it when the cell is narrow. */
export function ValueWithNotes({ text, value }: { text: string; value: Noted }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="whitespace-nowrap tabular-nums">{text}</span>
      <ValueNotes value={value} />
    </span>
  );
}
