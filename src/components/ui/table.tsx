import type { ComponentProps, ReactNode } from 'react';

const tableClass = 'w-full border-collapse text-left text-sm';
const thClass = 'border-b border-slate-300 px-3 py-2 font-semibold';
const tdClass = 'border-b border-slate-200 px-3 py-2 align-top';

const join = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(' ');

/**
 * The parts of a table whose rows are not one item each (a matrix, a table of fields, a table
 * with a visible caption): the same look as `Table`. Given `headers`, TableGrid draws the header
 * row and puts its children (rows) in the body. A `cell` header (a row's name) is drawn like a cell.
 */
export function TableGrid({ className, caption, captionClassName = 'sr-only', headers, children, ...props }: ComponentProps<'table'> & { caption?: ReactNode; captionClassName?: string; headers?: ReactNode[] }) {
  return (
    <table className={join(tableClass, className)} {...props}>
      {caption !== undefined && <caption className={captionClassName}>{caption}</caption>}
      {headers ? (
        <>
          <thead>
            <tr>
              {headers.map((header, i) => (
                <Th key={i} scope="col">
                  {header}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </>
      ) : (
        children
      )}
    </table>
  );
}

/** A row of plain cells (a TableGrid with headers). */
export function Row({ cells }: { cells: ReactNode[] }) {
  return (
    <tr>
      {cells.map((cell, i) => (
        <Td key={i}>{cell}</Td>
      ))}
    </tr>
  );
}

export function Th({ cell, className, ...props }: ComponentProps<'th'> & { cell?: boolean }) {
  return <th className={join(cell ? tdClass : thClass, className)} {...props} />;
}

export function Td({ className, ...props }: ComponentProps<'td'>) {
  return <td className={join(tdClass, className)} {...props} />;
}

export type Column<Row> = {
  /** Unique among the table's columns (React key). */
  key: string;
  header: ReactNode;
  /** Only screen readers hear the header (a column of buttons). */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** This column names the row: a <th scope="row">. */
  rowHeader?: boolean;
  /** Extra classes of the column's cells (whitespace-nowrap, break-all…). */
  className?: string;
};

type Props<Row> = {
  /** Said by screen readers (a visually hidden caption) and the name of the scrolling region. */
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
};

/**
 * A data table: a caption, column headers, and one row per item; a row header where a column names
 * the row. It scrolls sideways inside its own focusable region on a narrow screen (WCAG 2.1.1).
 */
export function Table<Row>({ caption, columns, rows, rowKey }: Props<Row>) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <TableGrid>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <Th key={column.key} scope="col">
                {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <Th key={column.key} cell scope="row" className={join(column.className, 'font-normal')}>
                    {column.cell(row)}
                  </Th>
                ) : (
                  <Td key={column.key} className={column.className}>
                    {column.cell(row)}
                  </Td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </TableGrid>
    </div>
  );
}
