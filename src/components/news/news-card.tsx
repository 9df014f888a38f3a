import type { NewsItemView } from '@/domain/model';
import { NewsLink } from './news-link';

/** One news item in a list: date and category, its title as the link (docs/product.md §2 rule), its summary. */
export function NewsCard({ item, labels }: { item: NewsItemView; labels: { external: string; document: string } }) {
  return (
    <article className="flex h-full flex-col rounded border border-slate-200 p-5">
      <p className="text-sm text-muted">
        <time dateTime={item.publishedAt}>{item.formattedDate}</time> · {item.category.title}
      </p>
      <h3 className="mt-2 text-lg font-semibold">
        <NewsLink item={item} labels={labels} className="text-brand hover:underline" />
      </h3>
      <p className="mt-2 text-muted">{item.summary}</p>
    </article>
  );
}
