// A data table whose columns are declared once (heading, cell, classes), and a pager for paged
// tables. On a wide screen it is an ordinary table; under the `sm` breakpoint (a phone, down to
// 320 px, WCAG 1.4.10) every row becomes a stacked card and every cell shows its column heading
// beside its value, so nothing scrolls sideways and no column (a lab value's flag, say) is cut off.
// The phone layout only restyles: it stays a real <table> for screen readers. The heading beside
// a value is CSS generated content with empty alternative text (`content: attr(data-label) / ''`),
// so it is neither read twice nor part of the cell's text; the explicit roles keep the table's
// semantics in browsers that drop them once a table's parts are no longer `display: table-*`.
import type { Key, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';

export interface TableColumn<Row> {
  /** The column heading; on a phone also the label beside each of its values. */
  header: string;
  cell: (row: Row, index: number) => ReactNode;
  /**
   * The row's own heading (`<th scope="row">`, e.g. a name or a date): on a phone it heads the
   * row's card, without a label.
   */
  primary?: boolean;
  /** Classes of each of the column's cells ('whitespace-nowrap tabular-nums', 'text-right'). */
  className?: string;
  /** Classes of the column heading. */
  headerClassName?: string;
}

export interface TableProps<Row> {
  /** Names the table for screen readers (a visually hidden caption). */
  caption: ReactNode;
  /** `false`/`null` leaves a column out (e.g. one only some views show). */
  columns: readonly (TableColumn<Row> | false | null | undefined)[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => Key;
  /** Shown instead of the table when there are no rows; without it an empty table is shown. */
  empty?: ReactNode;
  /** 'framed': a bordered card with a tinted heading row; 'plain': a chart's figures. */
  variant?: 'framed' | 'plain';
  /** 'compact' for long lists of figures. */
  density?: 'normal' | 'compact';
  className?: string;
  id?: string;
}

const cellPadding = { normal: 'px-3 py-2', compact: 'px-3 py-1' } as const;

/** A semantic table that turns into stacked, labelled rows on a phone. */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  variant = 'framed',
  density = 'normal',
  className,
  id,
}: TableProps<Row>) {
  const shown = columns.filter((c): c is TableColumn<Row> => !!c);
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const padding = cellPadding[density];
  return (
    <div
      id={id}
      className={cn(
        'sm:overflow-x-auto',
        variant === 'framed' && 'rounded-card border border-border bg-surface',
        className,
      )}
    >
      <table role="table" className="w-full text-left text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when restyled, see the top */}
        <thead
          role="rowgroup"
          className={cn('max-sm:sr-only', variant === 'framed' && 'bg-surface-muted')}
        >
          <tr role="row">
            {shown.map((c) => (
              <th
                key={c.header}
                role="columnheader"
                scope="col"
                className={cn(padding, 'font-semibold', c.headerClassName)}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        {/* eslint-disable-next-line jsx-a11y/no-redundant-roles -- kept when restyled, see the top */}
        <tbody role="rowgroup" className="max-sm:block">
          {rows.map((row, index) => (
            <tr
              key={rowKey(row, index)}
              role="row"
              className={cn(
                'border-t border-border max-sm:block max-sm:py-2',
                variant === 'framed' && 'max-sm:first:border-t-0',
              )}
            >
              {shown.map((c) => {
                const content = (
                  // A block of its own: on a phone it sits beside the label and may wrap, or goes
                  // under a label too long to leave it 8rem.
                  <div className="min-w-0 max-sm:flex-1 max-sm:basis-32">{c.cell(row, index)}</div>
                );
                const cellClass = cn(
                  padding,
                  'break-words',
                  // Phone: the label (generated content) beside the value; values wrap between
                  // words, and inside a word only one too long for the line (an e-mail address,
                  // a file name); a label never breaks inside a word.
                  'max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:py-1 max-sm:whitespace-normal max-sm:[overflow-wrap:break-word] max-sm:[&_*]:whitespace-normal',
                  c.className,
                );
                return c.primary ? (
                  <th
                    key={c.header}
                    role="rowheader"
                    scope="row"
                    className={cn(cellClass, 'font-medium max-sm:font-semibold')}
                  >
                    {content}
                  </th>
                ) : (
                  <td
                    key={c.header}
                    // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role -- a td's own role, kept when restyled (see the top)
                    role="cell"
                    data-label={c.header}
                    className={cn(
                      cellClass,
                      "max-sm:before:min-w-28 max-sm:before:shrink-0 max-sm:before:[overflow-wrap:normal] max-sm:before:font-semibold max-sm:before:text-fg-muted max-sm:before:content-[attr(data-label)_/_'']",
                    )}
                  >
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Names the navigation ('Sidor i loggen'). */
  label: string;
  /** The button to the page before; newest-first logs say 'Nyare'. */
  previousLabel?: string;
  /** The button to the page after; newest-first logs say 'Äldre'. */
  nextLabel?: string;
  className?: string;
}

/** 'Nyare' / 'Sida 2 av 5' / 'Äldre' under a paged table; a button is disabled at either end. */
export function Pager({
  page,
  pages,
  onPage,
  label,
  previousLabel = 'Nyare',
  nextLabel = 'Äldre',
  className,
}: PagerProps) {
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-3', className)}>
      <Button variant="secondary" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {previousLabel}
      </Button>
      <span className="text-sm whitespace-nowrap">
        Sida {page} av {pages}
      </span>
      <Button variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {nextLabel}
      </Button>
    </nav>
  );
}
