import { Table, type TableColumn } from '../../../primitives/table/table';
import { FlagBadge } from './flag-badge';
import type { Analysis } from '../analyses';
import { formatDay, rangeText, valueText } from '../labels';

// Every column, the flag too, stays on screen on a phone: there each analysis is a card.
const columns: TableColumn<Analysis>[] = [
  { header: 'Analys', primary: true, cell: ({ latest }) => latest.analysis },
  {
    header: 'Värde',
    className: 'whitespace-nowrap tabular-nums',
    cell: ({ latest }) => valueText(latest),
  },
  {
    header: 'Referensintervall',
    className: 'whitespace-nowrap',
    cell: ({ latest }) => rangeText(latest),
  },
  { header: 'Bedömning', cell: ({ latest }) => <FlagBadge value={latest} /> },
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
