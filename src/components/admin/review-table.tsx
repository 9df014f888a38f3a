import Link from 'next/link';
import { Table, type Column } from '@/components/ui/table';

/** One row of a list of proposed changes, its texts already translated. */
export type ReviewRow = { id: number; href: string; linkLabel: string; area: string; kind: string; target: string; author: string; age: string; note: string; effective: string; status: string; flag?: string };

type Labels = { caption: string; area: string; kind: string; target: string; author: string; age: string; note: string; effective: string; status: string };

/** The review queue's tables (pending, scheduled, one's own): each row opens the change's review screen. */
export function ReviewTable({ rows, labels }: { rows: ReviewRow[]; labels: Labels }) {
  const columns: Column<ReviewRow>[] = [
    {
      key: 'target',
      header: labels.target,
      cell: (row) => (
        <Link href={row.href} className="text-brand underline" aria-label={row.linkLabel}>
          {row.target}
        </Link>
      ),
    },
    { key: 'kind', header: labels.kind, cell: (row) => row.kind },
    { key: 'area', header: labels.area, cell: (row) => row.area },
    { key: 'author', header: labels.author, cell: (row) => row.author },
    { key: 'age', header: labels.age, cell: (row) => row.age },
    { key: 'note', header: labels.note, cell: (row) => row.note, className: 'max-w-xs whitespace-pre-wrap break-words' },
    { key: 'effective', header: labels.effective, cell: (row) => row.effective },
    {
      key: 'status',
      header: labels.status,
      cell: (row) => (
        <>
          {row.status}
          {row.flag && <strong className="ml-2 rounded bg-amber-100 px-1 text-amber-900">{row.flag}</strong>}
        </>
      ),
    },
  ];
  return <Table caption={labels.caption} columns={columns} rows={rows} rowKey={(row) => row.id} />;
}
