import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { env } from '@/env';
import { alternatePaths } from '@/i18n/paths';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { getShare } from '@/server/queries/funds';
import { buildPageMetadata } from '@/server/seo/metadata';

type Props = { params: Promise<SiteParams & { fundSlug: string; shareSlug: string }> };

const HEADLINE = ['ytd', '1y', '3y', '5y', 'creation'] as const;

/** Rendered on first request per language and profile, then cached (docs/decisions/001). */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, profile } = await siteParams(params);
  const { fundSlug, shareSlug } = await params;
  const found = await getShare(locale, fundSlug, shareSlug, profile);
  if (!found) return {};
  const alternates = alternatePaths('/funds/[fundSlug]/shares/[shareSlug]', env().locales, { fundSlug, shareSlug });
  return buildPageMetadata({
    locale,
    title: `${found.fund.title} - ${found.share.name}`,
    description: found.share.managementGoal.slice(0, 160),
    pathname: found.share.url,
    alternates,
  });
}

export default async function SharePage({ params }: Props) {
  const { locale, profile } = await siteParams(params);
  const { fundSlug, shareSlug } = await params;
  const [found, t] = await Promise.all([getShare(locale, fundSlug, shareSlug, profile), getTranslations('Share')]);
  if (!found) notFound();
  const { fund, share } = found;
  const figures = share.fetchedData.filter((d) => (HEADLINE as readonly string[]).includes(d.code));
  return (
    <article className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <p className="text-sm">
        <Link href={fund.url} className="text-brand underline">
          {fund.title}
        </Link>
      </p>
      <h1 className="mt-1 mb-4 text-3xl font-bold text-brand md:text-4xl">
        {fund.title} - {share.name}
      </h1>
      <dl className="mb-8 grid grid-cols-2 gap-4 md:grid-cols-4">
        <div>
          <dt className="text-sm text-muted">{t('isin')}</dt>
          <dd className="font-mono font-semibold">{share.isinCode}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('lastNav')}</dt>
          <dd className="font-semibold">
            {share.lastPrice ? `${share.lastPrice.displayValue} (${share.lastPrice.formattedDate})` : '-'}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('inception')}</dt>
          <dd className="font-semibold">{share.formattedInceptionDate}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('sri')}</dt>
          <dd className="font-semibold">{share.sriLevel} / 7</dd>
        </div>
      </dl>
      <p className="mb-8 leading-relaxed">{share.managementGoal}</p>
      <section aria-labelledby="performance">
        <h2 id="performance" className="mb-3 text-2xl font-semibold">
          {t('performance')}
        </h2>
        {share.lessThanOneYear ? (
          <p className="rounded border border-slate-300 bg-slate-50 p-4">{t('tooYoung')}</p>
        ) : (
          <table className="w-full border-collapse text-left">
            <caption className="mb-2 text-left text-sm text-muted">{t('asOf', { date: figures[0]?.dateTo ?? '-' })}</caption>
            <thead>
              <tr>
                {figures.map((f) => (
                  <th key={f.code} scope="col" className="border-b border-slate-300 p-2 text-sm">
                    {t(`code.${f.code}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {figures.map((f) => (
                  <td key={f.code} className="p-2 font-semibold">
                    {f.displayValue}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        )}
      </section>
    </article>
  );
}
