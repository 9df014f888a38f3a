import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import { formatDate } from '@/domain/language/format';
import { lastDayOf, type NoticeView } from '@/domain/events/notices';

/**
 * Fund events as investors see them (issue 34), newest first: the type, the dates, the text, the
 * share classes concerned and the notice PDF. Used by the fund and share pages' notices section and
 * the site-wide list (`showFund`). Each item has the id `notice-{id}`, which the RSS items link to.
 */
export function NoticeItems({ notices, locale, showFund = false, headingLevel = 3 }: { notices: NoticeView[]; locale: Locale; showFund?: boolean; headingLevel?: 2 | 3 }) {
  const t = useTranslations('Notices');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="grid gap-6">
      {notices.map((n) => {
        const lastDay = lastDayOf(n.endsOn);
        return (
          <li key={n.id} id={`notice-${n.id}`} className="rounded border border-slate-200 p-5">
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{t(`types.${n.type}`)}</span>
              {n.tool ? <span>({t(`tools.${n.tool}`)})</span> : null}
              {n.inForce ? (
                <span className="rounded border border-amber-800 bg-amber-50 px-2 py-0.5 font-semibold text-amber-900">
                  <span aria-hidden="true">⚠ </span>
                  {t('inForce')}
                </span>
              ) : null}
            </p>
            <Heading className="mt-2 text-lg font-semibold">{n.title}</Heading>
            {showFund ? (
              <p className="mt-1 text-sm">
                <a href={n.fundUrl} className="text-brand underline underline-offset-2">
                  {t('fund', { fund: n.fundTitle })}
                </a>
              </p>
            ) : null}
            <ul className="mt-2 flex flex-wrap gap-x-4 text-sm text-slate-700">
              <li>
                <time dateTime={n.announcedOn}>{t('announcedOn', { date: formatDate(n.announcedOn, locale) })}</time>
              </li>
              <li>
                <time dateTime={n.effectiveOn}>{t('effectiveOn', { date: formatDate(n.effectiveOn, locale) })}</time>
              </li>
              {lastDay ? (
                <li>
                  <time dateTime={lastDay}>{t('lastDay', { date: formatDate(lastDay, locale) })}</time>
                </li>
              ) : null}
            </ul>
            {n.body ? <p className="mt-3 max-w-3xl leading-relaxed whitespace-pre-line">{n.body}</p> : null}
            <p className="mt-2 text-sm text-slate-700">{t('sharesConcerned', { shares: n.shares.map((s) => `${s.name} (${s.isinCode})`).join(', ') })}</p>
            {n.documents.length > 0 ? (
              <ul className="mt-3">
                {n.documents.map((d) => {
                  const size = `${Math.max(1, Math.ceil(d.size / 1024))} KB`;
                  return (
                    <li key={d.id}>
                      <a href={d.url} type="application/pdf" hrefLang={d.locale} className="font-semibold text-brand underline underline-offset-2">
                        {d.locale === locale ? t('document', { size }) : t('documentLanguage', { size, language: d.locale.toUpperCase() })}
                      </a>
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
