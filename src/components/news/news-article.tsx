import Link from 'next/link';
import type { ReactNode } from 'react';
import type { NewsItemView } from '@/domain/model';
import { RichText } from '@/components/content/rich-text';

type Props = {
  item: NewsItemView;
  /** Translated: the link back to the list, "By {author}" (null without author), the related fund's lead. */
  labels: { back: string; by: string | null; relatedFund: string };
  listHref: string;
  categoryHref: string;
  /** Structured data, rendered first (the public page's JSON-LD). */
  head?: ReactNode;
};

/**
 * The body of a news article: title, date, category, author, summary, text and related fund. The
 * public article page and the back-office's preview render the same component.
 */
export function NewsArticle({ item, labels, listHref, categoryHref, head }: Props) {
  return (
    <article className="mx-auto max-w-3xl" lang={item.locale}>
      {head}
      <p className="mb-4 text-sm">
        <Link href={listHref} className="text-brand underline">
          {labels.back}
        </Link>
      </p>
      <h1 className="mb-3 text-3xl font-bold text-brand md:text-4xl">{item.title}</h1>
      <p className="mb-8 text-sm text-muted">
        <time dateTime={item.publishedAt}>{item.formattedDate}</time> ·{' '}
        <Link href={categoryHref} className="underline">
          {item.category.title}
        </Link>
        {labels.by ? ` · ${labels.by}` : ''}
      </p>
      <p className="mb-6 text-lg leading-relaxed font-semibold">{item.summary}</p>
      <RichText html={item.body} className="text-lg" />
      {item.fund ? (
        <p className="mt-8 rounded border border-slate-200 bg-slate-50 p-4">
          {labels.relatedFund}{' '}
          <Link href={item.fund.url} className="font-semibold text-brand underline">
            {item.fund.title}
          </Link>
        </p>
      ) : null}
    </article>
  );
}
