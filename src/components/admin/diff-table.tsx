import { TableGrid, Td, Th } from '@/components/ui/table';

export type DiffTableRow = { field: string; before: string; after: string };

/** One language of a proposed change: each changed field, its public value and the proposed one side by side. */
export function DiffTable({ caption, lang, rows, labels }: { caption: string; lang?: string; rows: DiffTableRow[]; labels: { field: string; before: string; after: string } }) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <TableGrid>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <Th scope="col">
              {labels.field}
            </Th>
            <Th scope="col">
              {labels.before}
            </Th>
            <Th scope="col">
              {labels.after}
            </Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field}>
              <Th cell scope="row" className="font-mono text-xs font-normal">
                {row.field}
              </Th>
              <Td lang={lang} className="whitespace-pre-wrap break-words bg-red-50">
                {row.before}
              </Td>
              <Td lang={lang} className="whitespace-pre-wrap break-words bg-emerald-50">
                {row.after}
              </Td>
            </tr>
          ))}
        </tbody>
      </TableGrid>
    </div>
  );
}
