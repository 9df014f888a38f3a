import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { NewsLink } from '@/components/news/news-link';
import type { NewsItemView } from '@/domain/model';

/** The news tab: the fund's news, newest first, each linked by the link rule of docs/product.md §2. */
export function FundNews({ items, allNewsHref }: { items: NewsItemView[]; allNewsHref: string }) {
  const t = useTranslations('FundNews');
  return (
    <div>
      {items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {items.map((item) => (
            <li key={item.slug} className="flex flex-col rounded border border-slate-200 p-5">
              <p className="text-sm text-slate-700">
                <time dateTime={item.publishedAt}>{item.formattedDate}</time> · {item.category.title}
              </p>
              <h3 className="mt-2 text-lg font-semibold">
                <NewsLink item={item} labels={{ external: t('external'), document: t('document') }} className="text-brand hover:underline" />
              </h3>
              <p className="mt-2 text-slate-700">{item.summary}</p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-8">
        <Link href={allNewsHref} className="font-semibold text-brand underline underline-offset-2">
          {t('all')}
        </Link>
      </p>
    </div>
  );
}
