import type { ReactNode } from 'react';

export const tableClass = 'w-full border-collapse text-left text-sm';
export const thClass = 'border-b border-slate-300 px-3 py-2 font-semibold';
export const tdClass = 'border-b border-slate-200 px-3 py-2 align-top';

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
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={thClass}>
                {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => {
                const className = `${tdClass} ${column.className ?? ''}`.trimEnd();
                return column.rowHeader ? (
                  <th key={column.key} scope="row" className={`${className} font-normal`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={className}>
                    {column.cell(row)}
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
