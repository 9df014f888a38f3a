import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { alternatePaths } from '@/i18n/paths';
import { env } from '@/env';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { getFund } from '@/server/queries/funds';
import { buildPageMetadata } from '@/server/seo/metadata';

type Props = { params: Promise<SiteParams & { fundSlug: string }> };

/** Rendered on first request per language and profile, then cached (docs/decisions/001). */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, profile } = await siteParams(params);
  const { fundSlug } = await params;
  const fund = await getFund(locale, fundSlug, profile);
  if (!fund) return {};
  const alternates = alternatePaths('/funds/[fundSlug]', env().locales, { fundSlug });
  return buildPageMetadata({ locale, title: fund.title, description: fund.description.slice(0, 160), pathname: fund.url, alternates });
}

export default async function FundPage({ params }: Props) {
  const { locale, profile } = await siteParams(params);
  const { fundSlug } = await params;
  const [fund, t] = await Promise.all([getFund(locale, fundSlug, profile), getTranslations('Fund')]);
  if (!fund) notFound();
  return (
    <article className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <p className="text-sm text-muted">{fund.category.title}</p>
      <h1 className="mt-1 mb-4 text-3xl font-bold text-brand md:text-4xl">{fund.title}</h1>
      <dl className="mb-8 grid grid-cols-2 gap-4 md:grid-cols-4">
        <div>
          <dt className="text-sm text-muted">{t('sri')}</dt>
          <dd className="font-semibold">{fund.riskLevel} / 7</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('sfdr')}</dt>
          <dd className="font-semibold">{t('article', { article: fund.sfdrArticle })}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('aum')}</dt>
          <dd className="font-semibold">
            {fund.aum.displayValue} <span className="text-sm font-normal text-muted">({fund.aum.dateTo})</span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('duration')}</dt>
          <dd className="font-semibold">{t('years', { years: fund.minRecommendedInvestmentDuration })}</dd>
        </div>
      </dl>
      <section aria-labelledby="overview" className="mb-10">
        <h2 id="overview" className="mb-3 text-2xl font-semibold">
          {t('overview')}
        </h2>
        <p className="mb-4 leading-relaxed">{fund.description}</p>
        <p className="leading-relaxed">{fund.philosophy}</p>
      </section>
      <section aria-labelledby="shares" className="mb-10">
        <h2 id="shares" className="mb-3 text-2xl font-semibold">
          {t('shares')}
        </h2>
        <ul className="divide-y divide-slate-200 rounded border border-slate-200">
          {fund.shares.map((share) => (
            <li key={share.isinCode} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <Link href={share.url} className="font-semibold text-brand hover:underline">
                {share.name}
              </Link>
              <span className="text-sm text-muted">
                {share.isinCode} · {share.currency.code}
                {share.lastPrice ? ` · ${share.lastPrice.displayValue} (${share.lastPrice.formattedDate})` : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {fund.documents.length > 0 ? (
        <section aria-labelledby="documents" className="mb-10">
          <h2 id="documents" className="mb-3 text-2xl font-semibold">
            {t('documents')}
          </h2>
          <ul className="list-disc pl-6">
            {fund.documents.map((doc) => (
              <li key={doc.documentType.code}>
                <a href={doc.url} className="text-brand underline" type="application/pdf">
                  {doc.documentType.title}
                </a>{' '}
                <span className="text-sm text-muted">(PDF, {locale === doc.locale ? '' : `${doc.locale.toUpperCase()}, `}{Math.ceil(doc.size / 1024)} KB)</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
