import Link from 'next/link';
import { ExternalIcon } from '@/components/layout/icons';
import type { NewsItemView } from '@/domain/model';

/**
 * The link of a news item by the link rule of docs/product.md §2: our article (client navigation), an external
 * site (new tab, noopener noreferrer, and it says so), or its document (a PDF, full load).
 * One place for every list.
 */
export function NewsLink({ item, labels, className }: { item: NewsItemView; labels: { external: string; document: string }; className?: string }) {
  if (item.routeType === 'plain') {
    return (
      <Link href={item.route} className={className}>
        {item.title}
      </Link>
    );
  }
  if (item.routeType === 'external') {
    return (
      <a href={item.route} target="_blank" rel="noopener noreferrer" className={className}>
        {item.title}
        <ExternalIcon className="ml-1 inline size-3.5 align-baseline" />
        <span className="sr-only"> ({labels.external})</span>
      </a>
    );
  }
  return (
    <a href={item.route} type="application/pdf" className={className}>
      {item.title}
      <span aria-hidden="true" className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 align-middle text-xs font-semibold text-muted no-underline">
        PDF
      </span>
      <span className="sr-only"> ({labels.document})</span>
    </a>
  );
}
