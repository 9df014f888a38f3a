import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { NoticeView } from '@/domain/events/notices';
import { NoticeItems } from './notice-items';

/** The notices section of a fund or share page (issue 34): its newest notices, a link to all of them and the fund's RSS feed. */
export function NoticesSection({ notices, total, locale, allHref, feedHref, fundTitle }: { notices: NoticeView[]; total: number; locale: Locale; allHref: string; feedHref: string; fundTitle: string }) {
  const t = useTranslations('Notices');
  if (total === 0) return null;
  return (
    <section aria-labelledby="notices-heading" className="mt-10 mb-10 break-inside-avoid">
      <h2 id="notices-heading" className="mb-4 text-2xl font-semibold">
        {t('sectionTitle')}
      </h2>
      <NoticeItems notices={notices} locale={locale} />
      <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 print:hidden">
        <li>
          <a href={allHref} className="font-semibold text-brand underline underline-offset-2">
            {t('seeAll')}
          </a>
        </li>
        <li>
          <a href={feedHref} type="application/rss+xml" className="text-brand underline underline-offset-2">
            {t('feeds.fundRss', { fund: fundTitle })}
          </a>
        </li>
      </ul>
    </section>
  );
}
