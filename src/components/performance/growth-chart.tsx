import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import { growthGeometry, growthTableRows } from '@/domain/performance/chart-geometry';
import { formatAxisDate, formatDate, formatDecimal } from '@/domain/language/format';
import type { ChartPeriod, Growth } from '@/domain/performance/compute';
import { PLOT_HEIGHT, PLOT_WIDTH } from './chart-constants';
import { ChartLegend } from './chart-legend';
import { GrowthChartView, type GrowthPanel } from './growth-chart-view';
import { PastPerformanceWarning } from './past-performance-warning';

const TABLE_ROWS = 12;
/** Periods of a few months label their dates with the day. */
const SHORT_PERIODS = new Set<ChartPeriod>(['1m', '3m', '6m', 'ytd']);

type Props = {
  /** Every available period (server/navs/queries.ts growthSeriesByPeriod). */
  series: Growth[];
  defaultPeriod: ChartPeriod;
  shareName: string;
  benchmark: string | null;
  locale: Locale;
  pastPerformance: string;
  /** Prefix of the element ids and of the radio group's name, so two charts can share a page. */
  idPrefix?: string;
};

/**
 * The growth of 100 invested in the share against its benchmark. The server draws every period (geometry,
 * translated titles, formatted ticks and table rows) and the browser shows the chosen one
 * (growth-chart-view.tsx): the page carries the drawing instructions once, not nine SVG trees twice
 * (HTML and React's flight data), and stays cached. docs/decisions/004.
 */
export function GrowthChart({ series, defaultPeriod, shareName, benchmark, locale, pastPerformance, idPrefix = 'growth' }: Props) {
  const t = useTranslations('Performance');
  if (series.length === 0) return null;
  const selected = series.some((s) => s.period === defaultPeriod) ? defaultPeriod : (series[series.length - 1] as Growth).period;
  const value = (v: number) => formatDecimal(v, locale);
  const tick = (v: number) => formatDecimal(v, locale, 2, 0);

  const panels = series.map((growth): GrowthPanel => {
    const geometry = growthGeometry(growth.share, growth.benchmark, { width: PLOT_WIDTH, height: PLOT_HEIGHT, padding: 6 });
    const withBenchmark = benchmark !== null && growth.benchmark.length > 0;
    const period = t(`growth.period.${growth.period}`);
    const first = growth.share[0];
    const last = growth.share[growth.share.length - 1];
    const withDay = SHORT_PERIODS.has(growth.period);
    return {
      period: growth.period,
      label: period,
      title: t(withBenchmark ? 'growth.chartTitleWithBenchmark' : 'growth.chartTitle', { share: shareName, period }),
      description:
        first && last
          ? t(withBenchmark ? 'growth.chartDescWithBenchmark' : 'growth.chartDesc', {
              from: formatDate(first.date, locale),
              to: formatDate(last.date, locale),
              shareEnd: value(last.value),
              benchmarkEnd: geometry.benchmarkEnd ? value(geometry.benchmarkEnd.value) : '-',
            })
          : '',
      sharePath: geometry.sharePath,
      benchmarkPath: withBenchmark ? geometry.benchmarkPath : null,
      yTicks: geometry.yTicks.map((y) => [y.y, tick(y.value), y.value === 100 ? 1 : 0]),
      xTicks: geometry.xTicks.map((x) => [Math.round(x.fraction * 10000) / 100, formatAxisDate(x.date, locale, withDay)]),
      rows: growthTableRows(growth.share, withBenchmark ? growth.benchmark : [], TABLE_ROWS).map((row) => [
        formatDate(row.date, locale),
        value(row.share),
        ...(withBenchmark ? [row.benchmark === null ? '-' : value(row.benchmark)] : []),
      ]),
    };
  });

  return (
    <GrowthChartView
      panels={panels}
      defaultPeriod={selected}
      idPrefix={idPrefix}
      texts={{
        title: t('growth.title'),
        periodLegend: t('growth.periodLegend'),
        showTable: t('showTable'),
        date: t('growth.date'),
      }}
      columns={[shareName, ...(benchmark ? [benchmark] : [])]}
      legend={<ChartLegend share={shareName} benchmark={benchmark} kind="line" />}
      warning={<PastPerformanceWarning text={pastPerformance} />}
    />
  );
}
