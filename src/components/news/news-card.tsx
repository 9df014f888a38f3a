import type { NewsItemView } from '@/domain/model';
import { NewsLink } from './news-link';

/** One news item in a list: date and category, its title as the link (SPEC §2 rule), its summary. */
export function NewsCard({ item, labels, headingLevel = 3 }: { item: NewsItemView; labels: { external: string; document: string }; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex h-full flex-col rounded border border-slate-200 p-5">
      <p className="text-sm text-muted">
        <time dateTime={item.publishedAt}>{item.formattedDate}</time> · {item.category.title}
      </p>
      <Heading className="mt-2 text-lg font-semibold">
        <NewsLink item={item} labels={labels} className="text-brand hover:underline" />
      </Heading>
      <p className="mt-2 text-muted">{item.summary}</p>
    </article>
  );
}
