import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ContentSections } from '@/components/content/content-sections';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { listFundCategories } from '@/server/queries/funds';
import { getPage } from '@/server/queries/site';
import { contentPageMetadata } from '@/server/seo/page-metadata';

type Props = { params: Promise<SiteParams> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return contentPageMetadata('fund-range', locale, '/fund-range');
}

/** Every fund the profile may see, by category in ascending display order, highlighted funds first. */
export default async function FundRangePage({ params }: Props) {
  const { locale, profile } = await siteParams(params);
  const [page, categories, t] = await Promise.all([getPage(locale, 'fund-range'), listFundCategories(locale, profile), getTranslations('FundRange')]);
  if (!page) notFound();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <h1 className="mb-8 text-3xl font-bold text-brand md:text-4xl">{page.title}</h1>
      <ContentSections components={page.components} />
      {categories
        .filter((c) => c.funds.length > 0)
        .map((category) => (
          <section key={category.code} aria-labelledby={`category-${category.code}`} className="mb-12">
            <h2 id={`category-${category.code}`} className="mb-2 text-2xl font-semibold">
              {category.title}
            </h2>
            <p className="mb-5 text-muted">{category.description}</p>
            <ul className="grid gap-4 md:grid-cols-2">
              {category.funds.map((fund) => (
                <li key={fund.slug} className="rounded border border-slate-200 p-5">
                  <h3 className="text-lg font-semibold">
                    <Link href={fund.url} className="text-brand hover:underline">
                      {fund.title}
                    </Link>
                  </h3>
                  <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
                    <div>
                      <dt className="text-muted">{t('sri')}</dt>
                      <dd className="font-semibold">{fund.riskLevel} / 7</dd>
                    </div>
                    <div>
                      <dt className="text-muted">{t('sfdr')}</dt>
                      <dd className="font-semibold">{t('article', { article: fund.sfdrArticle })}</dd>
                    </div>
                    <div>
                      <dt className="text-muted">{t('currencies')}</dt>
                      <dd className="font-semibold">{fund.currencies.join(', ')}</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
