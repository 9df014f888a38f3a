import Link from 'next/link';
import { tableClass, tdClass, thClass } from './notice';

/** One row of a list of proposed changes, its texts already translated. */
export type ReviewRow = { id: number; href: string; linkLabel: string; area: string; target: string; author: string; age: string; note: string; effective: string; status: string; flag?: string };

type Labels = { caption: string; area: string; target: string; author: string; age: string; note: string; effective: string; status: string };

/** The review queue's tables (pending, scheduled, one's own): each row opens the change's review screen. */
export function ReviewTable({ rows, labels }: { rows: ReviewRow[]; labels: Labels }) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={labels.caption} tabIndex={0}>
      <table className={tableClass}>
        <caption className="sr-only">{labels.caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={thClass}>
              {labels.target}
            </th>
            <th scope="col" className={thClass}>
              {labels.area}
            </th>
            <th scope="col" className={thClass}>
              {labels.author}
            </th>
            <th scope="col" className={thClass}>
              {labels.age}
            </th>
            <th scope="col" className={thClass}>
              {labels.note}
            </th>
            <th scope="col" className={thClass}>
              {labels.effective}
            </th>
            <th scope="col" className={thClass}>
              {labels.status}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={tdClass}>
                <Link href={row.href} className="text-brand underline" aria-label={row.linkLabel}>
                  {row.target}
                </Link>
              </td>
              <td className={tdClass}>{row.area}</td>
              <td className={tdClass}>{row.author}</td>
              <td className={tdClass}>{row.age}</td>
              <td className={`${tdClass} max-w-xs whitespace-pre-wrap break-words`}>{row.note}</td>
              <td className={tdClass}>{row.effective}</td>
              <td className={tdClass}>
                {row.status}
                {row.flag && <strong className="ml-2 rounded bg-amber-100 px-1 text-amber-900">{row.flag}</strong>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
