import Link from 'next/link';
import type { NewsItemView } from '@/domain/model';

/**
 * The link of a news item by the SPEC §2 rule: our article (client navigation), an external
 * site (new tab, noopener), or its document (a PDF, full load). One place for every list.
 */
export function NewsLink({ item, labels, className }: { item: NewsItemView; labels: { external: string; document: string }; className?: string }) {
  if (item.routeType === 'plain') {
    return (
      <Link href={item.route} className={className}>
        {item.title}
      </Link>
    );
  }
  const external = item.routeType === 'external';
  return (
    <a href={item.route} className={className} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : { type: 'application/pdf' })}>
      {item.title}
      <span className="sr-only"> ({external ? labels.external : labels.document})</span>
    </a>
  );
}
