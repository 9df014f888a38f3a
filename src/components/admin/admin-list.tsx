import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field, type SelectOption } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { Pagination } from '@/components/ui/pagination';
import { Table, type Column } from '@/components/ui/table';
import { flashed, pageHref, type Query } from './admin-list-query';

export type { Column };

/** One control of a list's GET filter form; its name is its query-string parameter and its id. */
export type ListFilter = { name: string; label: string; value?: string } & ({ type: 'select'; options: SelectOption[] } | { type: 'text' | 'search' | 'date'; maxLength?: number });

type Props<Row> = {
  title: string;
  /** Paragraphs under the heading. */
  intro?: string[];
  /** The page's query string: its ?done= and ?error= flash keys pick a message of `flash`. */
  query: Query;
  /** The translated message of each ?done= (success) and ?error= key the page knows; any other key shows nothing. */
  flash?: { done?: Record<string, string>; error?: Record<string, string> };
  /** Above the filters: the list's own actions ("New news item"). */
  actions?: ReactNode;
  /** The GET form: `path` is the list's address; `reset` links back to it without filters. */
  filters?: { path: string; label: string; fields: ListFilter[]; apply: string; reset?: string };
  /** "12 submissions", read out when the filters change (role status). */
  count?: string;
  /** The CSV of what the filters select, for those allowed to download it. */
  download?: { href: string; label: string; hint?: string };
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Said instead of the table when there is no row (without it, the table shows its headers alone). */
  empty?: string;
  /** Previous/next links (shown when there is more than one page); `href` defaults to the filters' values and the page. */
  paging?: { label: string; previous: string; next: string; current: string; page: number; pages: number; href?: (page: number) => string };
  /** Below the list (a creation form). */
  children?: ReactNode;
};

/**
 * A back-office list screen: heading, flash message, GET filter form, count, CSV link, the table
 * with its caption (or the empty state) and its pages. A new list is its columns, its filters and
 * the query the route runs; the route stays the one place that reads data and checks permissions.
 */
export function AdminList<Row>({ title, intro = [], query, flash, actions, filters, count, download, caption, columns, rows, rowKey, empty, paging, children }: Props<Row>) {
  const done = flashed(query, 'done', flash?.done);
  const error = flashed(query, 'error', flash?.error);
  return (
    <>
      <h1 className={`${intro.length > 0 ? 'mb-2' : 'mb-4'} text-2xl font-semibold`}>{title}</h1>
      {intro.map((paragraph, i) => (
        <p key={i} className={`${i === intro.length - 1 ? 'mb-4' : 'mb-2'} max-w-prose text-muted`}>
          {paragraph}
        </p>
      ))}
      {done && <Notice tone="success">{done}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      {actions && <div className="mb-4">{actions}</div>}
      {filters && (
        <form method="get" action={filters.path} aria-label={filters.label} className="mb-6 flex flex-wrap items-end gap-4">
          {filters.fields.map(({ name, ...field }) => (
            <Field key={name} id={name} {...field} />
          ))}
          <Button>{filters.apply}</Button>
          {filters.reset && (
            <Link href={filters.path} className="py-2 text-brand underline">
              {filters.reset}
            </Link>
          )}
        </form>
      )}
      {count !== undefined && (
        <p role="status" className="mb-2">
          {count}
        </p>
      )}
      {download && (
        <p className="mb-4">
          <a href={download.href} download className="text-brand underline">
            {download.label}
          </a>
          {download.hint && <span className="block text-sm text-muted">{download.hint}</span>}
        </p>
      )}
      {rows.length === 0 && empty !== undefined ? <p>{empty}</p> : <Table caption={caption} columns={columns} rows={rows} rowKey={rowKey} />}
      {paging && <Pagination {...paging} href={paging.href ?? ((page) => pageHref(filters?.path ?? '', filters?.fields ?? [], page))} />}
      {children}
    </>
  );
}
