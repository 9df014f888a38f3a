import type { ReactNode } from 'react';

type Props = {
  caption: string;
  /** The first header names the row labels (date, year); the others the series. */
  headers: string[];
  rows: { key: string; label: ReactNode; cells: string[] }[];
};

/**
 * A chart's figures as a table, its text alternative. Styled from the table element (child selectors) so the
 * many rows repeat no class names in the page.
 */
export function DataTable({ caption, headers, rows }: Props) {
  const [first, ...series] = headers;
  return (
    <table className="mt-2 w-full max-w-md border-collapse text-right tabular-nums [&_td]:px-3 [&_td]:py-1 [&_th]:py-1 [&_tr]:border-b [&_tr]:border-slate-100">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="pr-3 text-left">
            {first}
          </th>
          {series.map((h) => (
            <th key={h} scope="col" className="px-3">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="pr-3 text-left font-normal">
              {row.label}
            </th>
            {row.cells.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
