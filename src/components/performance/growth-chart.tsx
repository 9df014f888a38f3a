import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import { growthGeometry, growthTableRows } from '@/domain/chart-geometry';
import { formatAxisDate, formatDate, formatDecimal } from '@/domain/format';
import type { ChartPeriod, Growth } from '@/domain/performance';
import { BENCHMARK_COLOR, SHARE_COLOR } from './chart-colors';
import { ChartLegend } from './chart-legend';
import { DataTable } from './data-table';
import { PastPerformanceWarning } from './past-performance-warning';

/** The plot in px: the value axis maps 1:1 to pixels, the time axis stretches to the width (percentages). */
const PLOT_WIDTH = 1000;
const PLOT_HEIGHT = 220;
const TOP = 10;
const HEIGHT = TOP + PLOT_HEIGHT + 26;
const TABLE_ROWS = 12;
/** Periods of a few months label their dates with the day. */
const SHORT_PERIODS = new Set<ChartPeriod>(['1m', '3m', '6m', 'ytd']);

type Props = {
  /** Every available period (queries/series.ts growthSeriesByPeriod). */
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
 * The growth of 100 invested in the share against its benchmark, one SVG per period. Every period is rendered
 * on the server and a radio group shows one of them with CSS alone (globals.css, `.growth-chart:has(…)`): no
 * JavaScript, the page stays cached, and each period works without scripts. Each chart has a title, a
 * description and its figures as a table.
 */
export function GrowthChart({ series, defaultPeriod, shareName, benchmark, locale, pastPerformance, idPrefix = 'growth' }: Props) {
  const t = useTranslations('Performance');
  if (series.length === 0) return null;
  const selected = series.some((s) => s.period === defaultPeriod) ? defaultPeriod : (series[series.length - 1] as Growth).period;
  return (
    <section aria-labelledby={`${idPrefix}-heading`} className="growth-chart break-inside-avoid">
      <h3 id={`${idPrefix}-heading`} className="mb-3 text-xl font-semibold">
        {t('growth.title')}
      </h3>
      <fieldset className="growth-periods mb-3 print:hidden">
        <legend className="mb-2 text-sm text-muted">{t('growth.periodLegend')}</legend>
        <div className="flex flex-wrap gap-2">
          {series.map((s) => (
            <label key={s.period} className="cursor-pointer">
              <input type="radio" name={`${idPrefix}-period`} value={s.period} defaultChecked={s.period === selected} className="peer sr-only" />
              <span className="inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm peer-checked:border-brand peer-checked:bg-brand peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand hover:border-brand">
                {t(`growth.period.${s.period}`)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <ChartLegend share={shareName} benchmark={benchmark} kind="line" />
      {series.map((s) => (
        <GrowthPanel key={s.period} id={`${idPrefix}-${s.period}`} growth={s} isDefault={s.period === selected} shareName={shareName} benchmark={benchmark} locale={locale} />
      ))}
      <PastPerformanceWarning text={pastPerformance} />
    </section>
  );
}

function GrowthPanel({ id, growth, isDefault, shareName, benchmark, locale }: { id: string; growth: Growth; isDefault: boolean; shareName: string; benchmark: string | null; locale: Locale }) {
  const t = useTranslations('Performance');
  const geometry = growthGeometry(growth.share, growth.benchmark, { width: PLOT_WIDTH, height: PLOT_HEIGHT, padding: 6 });
  const withBenchmark = benchmark !== null && growth.benchmark.length > 0;
  const period = t(`growth.period.${growth.period}`);
  const first = growth.share[0];
  const last = growth.share[growth.share.length - 1];
  const value = (v: number) => formatDecimal(v, locale);
  const tick = (v: number) => formatDecimal(v, locale, 2, 0);
  const withDay = SHORT_PERIODS.has(growth.period);
  const description =
    first && last
      ? t(withBenchmark ? 'growth.chartDescWithBenchmark' : 'growth.chartDesc', {
          from: formatDate(first.date, locale),
          to: formatDate(last.date, locale),
          shareEnd: value(last.value),
          benchmarkEnd: geometry.benchmarkEnd ? value(geometry.benchmarkEnd.value) : '-',
        })
      : '';
  const rows = growthTableRows(growth.share, withBenchmark ? growth.benchmark : [], TABLE_ROWS);
  return (
    <figure className="growth-panel mt-3" data-period={growth.period} data-default={isDefault ? '' : undefined}>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        width="100%"
        height={HEIGHT}
        className="block overflow-visible text-[11px]"
      >
        <title id={`${id}-title`}>{t(withBenchmark ? 'growth.chartTitleWithBenchmark' : 'growth.chartTitle', { share: shareName, period })}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {geometry.yTicks.map((y) => (
          <line key={y.value} x1="0" x2="100%" y1={TOP + y.y} y2={TOP + y.y} stroke={y.value === 100 ? '#94a3b8' : '#e2e8f0'} />
        ))}
        <svg aria-hidden="true" x="0" y={TOP} width="100%" height={PLOT_HEIGHT} viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`} preserveAspectRatio="none" overflow="visible">
          {withBenchmark ? (
            <path d={geometry.benchmarkPath} fill="none" stroke={BENCHMARK_COLOR} strokeWidth="2" strokeDasharray="6 4" vectorEffect="non-scaling-stroke" />
          ) : null}
          <path d={geometry.sharePath} fill="none" stroke={SHARE_COLOR} strokeWidth="2.5" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        </svg>
        <g className="fill-muted" stroke="#fff" strokeWidth="3" paintOrder="stroke">
          {geometry.yTicks.map((y) => (
            <text key={y.value} x="0" y={TOP + y.y - 3}>
              {tick(y.value)}
            </text>
          ))}
          {geometry.xTicks.map((x, i) => (
            <text key={x.date} x={`${x.fraction * 100}%`} y={HEIGHT - 6} textAnchor={i === 0 ? 'start' : i === geometry.xTicks.length - 1 ? 'end' : 'middle'}>
              {formatAxisDate(x.date, locale, withDay)}
            </text>
          ))}
        </g>
      </svg>
      <details className="mt-2 text-sm print:hidden">
        <summary className="cursor-pointer text-brand underline">{t('showTable')}</summary>
        <DataTable
          caption={t(withBenchmark ? 'growth.chartTitleWithBenchmark' : 'growth.chartTitle', { share: shareName, period })}
          headers={[t('growth.date'), shareName, ...(withBenchmark && benchmark ? [benchmark] : [])]}
          rows={rows.map((row) => ({
            key: row.date,
            label: formatDate(row.date, locale),
            cells: [value(row.share), ...(withBenchmark ? [row.benchmark === null ? '-' : value(row.benchmark)] : [])],
          }))}
        />
      </details>
    </figure>
  );
}
