import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { NewsItemView } from '@/domain/model';
import { NewsLink } from './news-link';

type Props = {
  items: NewsItemView[];
  categories: { code: string; title: string; href: string; current: boolean }[];
  allHref: string;
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
};

/** The news section: categories as links, the items newest first, pagination (SPEC §2). */
export async function NewsList({ items, categories, allHref, page, pageCount, pageHref }: Props) {
  const t = await getTranslations('News');
  const noCategory = categories.every((c) => !c.current);
  return (
    <section id="news" aria-labelledby="news-heading" className="scroll-mt-4">
      <h2 id="news-heading" className="sr-only">
        {t('list')}
      </h2>
      <nav aria-label={t('categories')} className="mb-8">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link href={allHref} aria-current={noCategory ? 'page' : undefined} className={`inline-block rounded-full border px-4 py-2 text-sm ${noCategory ? 'border-brand bg-brand text-white' : 'border-slate-300 text-ink hover:border-brand'}`}>
              {t('all')}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.code}>
              <Link href={c.href} aria-current={c.current ? 'page' : undefined} className={`inline-block rounded-full border px-4 py-2 text-sm ${c.current ? 'border-brand bg-brand text-white' : 'border-slate-300 text-ink hover:border-brand'}`}>
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? <p>{t('empty')}</p> : null}
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.slug} className="flex flex-col rounded border border-slate-200 p-5">
            <p className="text-sm text-muted">
              <time dateTime={item.publishedAt}>{item.formattedDate}</time> · {item.category.title}
            </p>
            <h3 className="mt-2 text-lg font-semibold">
              <NewsLink item={item} labels={{ external: t('external'), document: t('document') }} className="text-brand hover:underline" />
            </h3>
            <p className="mt-2 text-muted">{item.summary}</p>
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <nav aria-label={t('pagination')} className="mt-10">
          <ul className="flex flex-wrap items-center gap-2">
            {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
              <li key={n}>
                <Link
                  href={pageHref(n)}
                  aria-current={n === page ? 'page' : undefined}
                  aria-label={t('page', { page: n })}
                  className={`inline-flex h-11 min-w-11 items-center justify-center rounded border px-3 ${n === page ? 'border-brand bg-brand text-white' : 'border-slate-300 hover:border-brand'}`}
                >
                  {n}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
