import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import { formatDate } from '@/domain/language/format';
import type { ShareView } from '@/domain/model';
import type { ChartPeriod, Growth } from '@/domain/performance/compute';
import { performanceShownFrom } from '@/domain/performance/share-age';
import { CalendarChart } from '@/components/performance/calendar-chart';
import { GrowthChart } from '@/components/performance/growth-chart';
import { PerformanceTable } from '@/components/performance/performance-table';

type Props = {
  share: ShareView;
  locale: Locale;
  benchmark: string | null;
  growth: Growth[];
  defaultPeriod: ChartPeriod;
  pastPerformance: string;
  /** The section's heading; "Performance" on a share page. */
  title?: string;
};

/** The growth chart opens on five years (a common recommended holding period), else on the whole history. */
export function defaultChartPeriod(growth: Growth[]): ChartPeriod {
  return growth.some((g) => g.period === '5y') ? '5y' : 'inception';
}

/**
 * The performance section of a share page. A share younger than a year (docs/product.md §4 lessThanOneYear) shows no
 * figure at all, no table, chart or bar, only why: EU rules forbid past performance under 12 months of history.
 */
export function SharePerformance({ share, locale, benchmark, growth, defaultPeriod, pastPerformance, title }: Props) {
  const t = useTranslations('Share');
  return (
    <section aria-labelledby="performance-heading" className="mb-10">
      <h2 id="performance-heading" className="mb-4 text-2xl font-semibold print:mb-2">
        {title ?? t('performance')}
      </h2>
      {share.lessThanOneYear ? (
        <p className="rounded border border-slate-300 bg-slate-50 p-4 leading-relaxed">
          {t('tooYoung', {
            inception: share.formattedInceptionDate,
            date: formatDate(performanceShownFrom(share.inceptionDate), locale),
          })}
        </p>
      ) : (
        <div className="space-y-10 print:space-y-4">
          <PerformanceTable
            figures={share.fetchedData}
            locale={locale}
            shareName={share.name}
            currency={share.currency.code}
            benchmark={benchmark}
            pastPerformance={pastPerformance}
          />
          <div className="grid gap-10 lg:grid-cols-2 print:grid-cols-2 print:gap-4 [&>*]:min-w-0">
            <GrowthChart
              series={growth}
              defaultPeriod={defaultPeriod}
              shareName={share.name}
              benchmark={benchmark}
              locale={locale}
              pastPerformance={pastPerformance}
            />
            <CalendarChart years={share.calendarYears} shareName={share.name} benchmark={benchmark} locale={locale} pastPerformance={pastPerformance} />
          </div>
        </div>
      )}
    </section>
  );
}
