import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { NewsItemView } from '@/domain/model';
import { NewsCard } from './news-card';
import { NEWS_SECTION_ID } from './news-section';

type Props = {
  items: NewsItemView[];
  categories: { code: string; title: string; href: string; current: boolean }[];
  allHref: string;
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
};

const chip = (current: boolean) =>
  `inline-block rounded-full border px-4 py-2 text-sm ${current ? 'border-brand bg-brand text-white' : 'border-slate-300 text-ink hover:border-brand'}`;

/**
 * The news section (#news, where moving between news pages scrolls to): the categories as links,
 * the current one marked, the items newest first, and the pages.
 */
export async function NewsList({ items, categories, allHref, page, pageCount, pageHref }: Props) {
  const t = await getTranslations('News');
  const noCategory = categories.every((c) => !c.current);
  const labels = { external: t('external'), document: t('document') };
  return (
    <section id={NEWS_SECTION_ID} aria-labelledby="news-heading" className="scroll-mt-24">
      <h2 id="news-heading" className="sr-only">
        {pageCount > 1 ? t('listPage', { page, count: pageCount }) : t('list')}
      </h2>
      <nav aria-label={t('categories')} className="mb-8">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link href={allHref} aria-current={noCategory ? 'page' : undefined} className={chip(noCategory)}>
              {t('all')}
            </Link>
          </li>
          {categories.map((c) => (
            <li key={c.code}>
              <Link href={c.href} aria-current={c.current ? 'page' : undefined} className={chip(c.current)}>
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? <p>{noCategory ? t('emptyAll') : t('empty')}</p> : null}
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.slug}>
            <NewsCard item={item} labels={labels} />
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <nav aria-label={t('pagination')} className="mt-10">
          <ul className="flex flex-wrap items-center gap-2">
            {page > 1 ? (
              <li>
                <Link href={pageHref(page - 1)} rel="prev" className="inline-flex h-11 items-center rounded border border-slate-300 px-4 hover:border-brand">
                  {t('previous')}
                </Link>
              </li>
            ) : null}
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
            {page < pageCount ? (
              <li>
                <Link href={pageHref(page + 1)} rel="next" className="inline-flex h-11 items-center rounded border border-slate-300 px-4 hover:border-brand">
                  {t('next')}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </section>
  );
}
