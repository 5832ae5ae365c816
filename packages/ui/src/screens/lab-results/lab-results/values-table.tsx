import type { LabTextValue } from '@halsa/api';
import { Table, type TableColumn } from '../../../primitives/table/table';
import { FLAG_CELL, FlagBadge } from './flag-badge';
import { ValueNotes, ValueWithNotes } from './value-notes';
import type { Analysis } from '../analyses';
import { formatDay, rangeText, valueText } from '../labels';

// Every column, the flag too, stays on screen on a phone: there each analysis is a card.
const columns: TableColumn<Analysis>[] = [
  { header: 'Analys', primary: true, cell: ({ latest }) => latest.analysis },
  {
    header: 'Värde',
    cell: ({ latest }) => <ValueWithNotes text={valueText(latest)} value={latest} />,
  },
  {
    header: 'Referensintervall',
    className: 'whitespace-nowrap',
    cell: ({ latest }) => rangeText(latest),
  },
  {
    header: 'Bedömning',
    // A phone: the badge goes under its label when the line is too narrow for both, never out
    // of the card (the cell's block may not shrink below its longest word; issue 35).
    className: FLAG_CELL,
    cell: ({ latest }) => <FlagBadge value={latest} inCell />,
  },
  {
    header: 'Provtagningsdatum',
    className: 'whitespace-nowrap',
    cell: ({ latest }) => formatDay(latest.sampledOn),
  },
];

/** The latest value of every analysis, with its reference range and flag. */
export function ValuesTable({ analyses }: { analyses: readonly Analysis[] }) {
  return (
    <Table
      caption="Senaste värdet för varje analys"
      columns={columns}
      rows={analyses}
      rowKey={(a) => a.key}
    />
  );
}

const textColumns: TableColumn<LabTextValue>[] = [
  { header: 'Analys', primary: true, cell: (v) => v.analysis },
  {
    header: 'Resultat',
    cell: (v) => (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="[overflow-wrap:anywhere]">{v.text}</span>
        <ValueNotes value={v} />
      </span>
    ),
  },
  {
    header: 'Provtagningsdatum',
    className: 'whitespace-nowrap',
    cell: (v) => formatDay(v.sampledOn),
  },
];

/** Results that are text (a finding, a blood group, negative/positive): as text, no trend. */
export function TextValuesTable({ values }: { values: readonly LabTextValue[] }) {
  return (
    <Table
      caption="Provsvar i text, det senaste för varje analys"
      columns={textColumns}
      rows={values}
      rowKey={(v) => `${v.loinc ?? v.analysis}`}
    />
  );
}
