import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { localizedPath } from '@/domain/routing/paths';
import { fundPath } from '@/domain/routing/urls';
import { manageView } from '@/server/alerts/subscriptions';
import { getDb } from '@/server/db';
import { siteParams, type SiteParams } from '@/server/http/route-params';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<SiteParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  const t = await getTranslations({ locale, namespace: 'FundAlerts.page' });
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

const RESULTS = ['sent', 'invalidEmail', 'unavailable', 'limited', 'error', 'confirmed', 'removed', 'updated', 'unsubscribed', 'invalid'] as const;
const SUCCESS = new Set<string>(['sent', 'confirmed', 'removed', 'updated', 'unsubscribed']);
const button =
  'rounded bg-brand forced-colors:border px-4 py-2 font-semibold text-white hover:bg-brand-dark focus:outline-hidden focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2';
const secondary =
  'rounded border border-brand px-3 py-1.5 text-brand hover:bg-brand hover:text-white focus:outline-hidden focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2';

/**
 * The fund alerts' manage page (/fr/alertes, /en/alerts, /es/alertas): what the subscription form
 * answers (?result=), and, with the token of a mail's link (?token=…[&confirm=…]), the funds followed
 * with a button per change (plain forms posted to /api/alerts/manage, so it works without
 * JavaScript). It only reads: mail scanners open links. Not indexed, never cached, out of the sitemap.
 */
export default async function AlertsPage({ params, searchParams }: Props) {
  const { locale } = await siteParams(params);
  const query = await searchParams;
  const t = await getTranslations('FundAlerts');
  const result = RESULTS.find((r) => r === query.result);
  const token = typeof query.token === 'string' ? query.token : '';
  const confirm = typeof query.confirm === 'string' ? query.confirm : '';
  const view = token ? await manageView(await getDb(), token, confirm, locale) : null;
  const hidden = (
    <>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="locale" value={locale} />
    </>
  );
  const message = result ? t(`results.${result}`) : !view ? t('results.invalid') : null;
  return (
    <article className="mx-auto max-w-2xl px-4 py-10 md:py-14">
      <h1 className="mb-6 text-3xl font-bold text-brand md:text-4xl">{t('page.title')}</h1>
      {message ? (
        <p role={result && SUCCESS.has(result) ? 'status' : 'alert'} className="mb-8 text-lg">
          {message}
        </p>
      ) : null}
      {view?.pending ? (
        <form method="post" action="/api/alerts/manage" className="mb-10 space-y-4">
          <p className="text-lg">{t('page.confirmIntro', { fund: view.pending.fundTitle })}</p>
          {hidden}
          <input type="hidden" name="confirm" value={confirm} />
          <button type="submit" name="action" value="confirm" className={button}>
            {t('page.confirmButton')}
          </button>
        </form>
      ) : null}
      {view ? (
        <section aria-labelledby="alerts-followed" className="space-y-6">
          <p>{t('page.intro')}</p>
          <h2 id="alerts-followed" className="text-xl font-semibold">
            {t('page.followed')}
          </h2>
          {view.subscriptions.length === 0 ? (
            <p>{t('page.none')}</p>
          ) : (
            <ul className="space-y-4">
              {view.subscriptions.map((s) => (
                <li key={s.fundId} className="rounded border border-gray-300 p-4">
                  <p className="font-semibold">
                    <Link href={fundPath(locale, s.fundSlug)} className="text-brand underline">
                      {s.fundTitle}
                    </Link>
                    {s.confirmed ? null : <span> ({t('page.pending')})</span>}
                  </p>
                  <p className="mb-3">{s.navSummary ? t('page.navOn') : t('page.navOff')}</p>
                  <form method="post" action="/api/alerts/manage" className="flex flex-wrap gap-3">
                    {hidden}
                    <input type="hidden" name="fund" value={s.fundId} />
                    <button type="submit" name="action" value={s.navSummary ? 'nav-off' : 'nav-on'} className={secondary}>
                      {s.navSummary ? t('page.navToggleOff', { fund: s.fundTitle }) : t('page.navToggleOn', { fund: s.fundTitle })}
                    </button>
                    <button type="submit" name="action" value="remove" className={secondary}>
                      {t('page.remove', { fund: s.fundTitle })}
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          )}
          <form method="post" action="/api/alerts/manage" className="space-y-3 border-t border-gray-300 pt-6">
            {hidden}
            <p>{t('page.unsubscribeAllIntro')}</p>
            <button type="submit" name="action" value="unsubscribe" className={button}>
              {t('page.unsubscribeAll')}
            </button>
          </form>
        </section>
      ) : null}
      <p className="mt-10">
        <Link href={localizedPath('/', locale)} className="text-brand underline">
          {t('page.home')}
        </Link>
      </p>
    </article>
  );
}
