import type { TableRow } from '@/domain/performance/table';
import { ScrollRegion } from '@/components/ui/scroll-region';

type Props = {
  id: string;
  /** The table's title, shown above it (outside the scrolling region) and naming both table and region. */
  caption: string;
  /** The header of the first column (the row labels), read by screen readers only. */
  rowHeader: string;
  columns: { code: string; label: string }[];
  rows: TableRow[];
  rowLabel: (row: TableRow) => string;
};

/**
 * One table of figures. On a phone it scrolls sideways inside its own region, with the row labels kept in a
 * sticky first column; the region can take focus so a keyboard can scroll it too.
 */
export function FiguresTable({ id, caption, rowHeader, columns, rows, rowLabel }: Props) {
  const title = `${id}-title`;
  return (
    <div className="min-w-0">
      <h3 id={title} className="mb-2 text-base font-semibold">
        {caption}
      </h3>
      <ScrollRegion labelledBy={title} className="print:overflow-visible print:border-0">
        <table id={id} aria-labelledby={title} className="w-full border-collapse text-right text-sm tabular-nums print:text-[9pt]">
          <thead>
            <tr className="border-b border-slate-200 bg-slate-50 print:bg-transparent">
              <th scope="col" className="sticky left-0 z-10 bg-slate-50 px-3 py-2 text-left print:static print:bg-transparent">
                <span className="sr-only">{rowHeader}</span>
              </th>
              {columns.map((c) => (
                <th key={c.code} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap print:px-1 print:whitespace-normal">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.kind} className="border-b border-slate-100 last:border-b-0">
                <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-2 text-left font-semibold whitespace-nowrap print:static">
                  {rowLabel(row)}
                </th>
                {row.cells.map((cell) => (
                  <td key={cell.code} className={`px-3 py-2 whitespace-nowrap print:px-1 ${row.kind === 'difference' ? 'text-muted' : ''}`}>
                    {cell.display}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
