import { useTranslations } from 'next-intl';
import Link from 'next/link';
import type { Locale } from '@/env';
import { HONEYPOT_FIELD, LOCALE_FIELD } from '@/domain/forms/definitions';
import { localizedPath } from '@/domain/routing/paths';

/**
 * The fund alerts' subscription form (docs/operations.md "Fund alerts") of the fund and share pages:
 * a plain form posted to /api/alerts/subscribe, so it works without JavaScript; the answer is the
 * manage page saying a confirmation mail is on its way (double opt-in). The pages render it only when
 * the fund has a share class visible to the audience; the server checks it again. `idPrefix` keeps the
 * ids unique on a page.
 */
export function FundAlertsForm({ locale, fundSlug, idPrefix = 'fund-alerts' }: { locale: Locale; fundSlug: string; idPrefix?: string }) {
  const t = useTranslations('FundAlerts.form');
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <section aria-labelledby={id('heading')} className="mx-auto mb-10 max-w-6xl px-4 print:hidden">
      <div className="rounded border border-slate-300 p-6">
        <h2 id={id('heading')} className="mb-2 text-xl font-semibold text-brand">
          {t('title')}
        </h2>
        <p className="mb-4">{t('intro')}</p>
        <form method="post" action="/api/alerts/subscribe" className="space-y-4">
          <input type="hidden" name="fund" value={fundSlug} />
          <input type="hidden" name={LOCALE_FIELD} value={locale} />
          <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
            <label htmlFor={id(HONEYPOT_FIELD)}>{HONEYPOT_FIELD}</label>
            <input id={id(HONEYPOT_FIELD)} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <div>
            <label htmlFor={id('email')} className="mb-1 block font-medium">
              {t('email')}
            </label>
            <input
              id={id('email')}
              type="email"
              name="email"
              required
              maxLength={254}
              autoComplete="email"
              className="w-full max-w-md rounded border border-slate-400 px-3 py-2 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-accent"
            />
          </div>
          <div className="flex items-start gap-2">
            <input id={id('nav')} type="checkbox" name="navSummary" className="mt-1 size-4" />
            <label htmlFor={id('nav')}>{t('navSummary')}</label>
          </div>
          <p className="text-sm">
            {t('consent')}{' '}
            <Link href={localizedPath('/gdpr', locale)} className="text-brand underline">
              {t('privacy')}
            </Link>
          </p>
          <button
            type="submit"
            className="rounded bg-brand forced-colors:border px-6 py-3 font-semibold text-white hover:bg-brand-dark focus:outline-hidden focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2"
          >
            {t('submit')}
          </button>
        </form>
      </div>
    </section>
  );
}
