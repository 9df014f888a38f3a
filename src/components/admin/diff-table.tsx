import { tableClass, tdClass, thClass } from './notice';

export type DiffTableRow = { field: string; before: string; after: string };

/** One language of a proposed change: each changed field, its public value and the proposed one side by side. */
export function DiffTable({ caption, lang, rows, labels }: { caption: string; lang?: string; rows: DiffTableRow[]; labels: { field: string; before: string; after: string } }) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className={tableClass}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              {labels.field}
            </th>
            <th scope="col" className={thClass}>
              {labels.before}
            </th>
            <th scope="col" className={thClass}>
              {labels.after}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field}>
              <th scope="row" className={`${tdClass} font-mono text-xs font-normal`}>
                {row.field}
              </th>
              <td lang={lang} className={`${tdClass} whitespace-pre-wrap break-words bg-red-50`}>
                {row.before}
              </td>
              <td lang={lang} className={`${tdClass} whitespace-pre-wrap break-words bg-emerald-50`}>
                {row.after}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
