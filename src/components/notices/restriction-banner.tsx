import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import { formatDate } from '@/domain/language/format';
import type { RestrictionView } from '@/domain/events/notices';

/**
 * The banner at the top of a fund or share page while a suspension or a liquidity management tool
 * is in force (issue 34, restrictionsInForce): what, since when, until when if known, and the notice.
 * A labelled region with a heading and a warning sign, in words: its meaning never rests on colour.
 */
export function RestrictionBanner({ restrictions, fundTitle, locale, noticesHref }: { restrictions: RestrictionView[]; fundTitle: string; locale: Locale; noticesHref: string }) {
  const t = useTranslations('Notices');
  if (restrictions.length === 0) return null;
  const date = (iso: string) => formatDate(iso, locale);
  return (
    <section aria-labelledby="restriction-banner-heading" className="border-y-2 border-amber-800 bg-amber-50 text-amber-950 print:border">
      <div className="mx-auto max-w-6xl px-4 py-4">
        <h2 id="restriction-banner-heading" className="flex items-center gap-2 text-lg font-bold">
          <span aria-hidden="true">⚠</span>
          {t('banner.heading')}
        </h2>
        <ul className="mt-2 grid gap-2">
          {restrictions.map((r) => {
            const values = { fund: fundTitle, since: date(r.since), until: r.until ? date(r.until) : '', tool: r.tool ? t(`tools.${r.tool}`) : '' };
            const text =
              r.type === 'suspension' ? t(r.until ? 'banner.suspensionUntil' : 'banner.suspension', values) : t(r.until ? 'banner.toolUntil' : 'banner.tool', values);
            return (
              <li key={r.eventId}>
                <p>{text}</p>
                <p className="mt-1">
                  <a href={r.document?.url ?? `${noticesHref}#notice-${r.eventId}`} className="font-semibold underline underline-offset-2" {...(r.document ? { type: 'application/pdf', hrefLang: r.document.locale } : {})}>
                    {r.document ? t('banner.readNotice') : t('banner.allNotices')}
                  </a>
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
