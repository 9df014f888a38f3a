import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { Bar } from '@/domain/performance/chart-geometry';
import { pastPerformanceBars, type PastPerformanceYear } from '@/domain/performance/past';
import { BENCHMARK_COLOR, SHARE_COLOR } from '@/components/performance/chart-constants';
import { ChartLegend } from '@/components/performance/chart-legend';

const BAR = 16;
const GAP = 3;
const ROW_GAP = 14;
const LABELS_WIDTH = '12%';
const BARS_WIDTH = '88%';

type Props = {
  years: PastPerformanceYear[];
  shareName: string;
  benchmark: string | null;
  currency: string;
  locale: Locale;
};

/**
 * The past-performance bar chart of Annex VIII (Delegated Regulation (EU) 2017/653), drawn on the server like the
 * share page's charts (docs/decisions/004): one row per year, oldest first, the share's bar beside its benchmark's,
 * each labelled with one decimal; a year without a complete year of data keeps its row and its year, with no bar.
 * The same figures follow as a visible table, the chart's text equivalent, which the chart names with aria-details.
 */
export function PastPerformanceChart({ years, shareName, benchmark, currency, locale }: Props) {
  const t = useTranslations('SharePublications');
  const withBenchmark = benchmark !== null;
  const layout = pastPerformanceBars(years, locale);
  const rowHeight = (withBenchmark ? 2 * BAR + GAP : BAR) + ROW_GAP;
  const height = years.length * rowHeight;
  const first = years[0]?.year ?? '';
  const last = years[years.length - 1]?.year ?? '';
  const title = t(withBenchmark ? 'past.chartTitleBenchmark' : 'past.chartTitle', { share: shareName, first, last });
  return (
    <div className="space-y-6">
      <figure className="max-w-3xl">
        <ChartLegend share={shareName} benchmark={benchmark} kind="bar" />
        <svg role="img" aria-labelledby="past-chart-title" aria-describedby="past-chart-desc" aria-details="past-table" width="100%" height={height} className="mt-3 block text-[12px]">
          <title id="past-chart-title">{title}</title>
          <desc id="past-chart-desc">{t('past.chartDesc')}</desc>
          {layout.rows.map((row, i) => (
            <text key={row.year} x="0" y={i * rowHeight + (rowHeight - ROW_GAP) / 2 + 4} className="fill-ink text-xs font-semibold">
              {row.year}
            </text>
          ))}
          <svg aria-hidden="true" x={LABELS_WIDTH} y="0" width={BARS_WIDTH} height={height} overflow="visible">
            <line x1={`${layout.zero}%`} x2={`${layout.zero}%`} y1="0" y2={height - ROW_GAP / 2} stroke="#64748b" strokeWidth="1" />
            {layout.rows.map((row, i) => {
              const top = i * rowHeight;
              return (
                <g key={row.year} data-year={row.year}>
                  {row.share ? <BarShape bar={row.share} y={top} series="share" label={row.shareLabel ?? ''} /> : null}
                  {row.benchmark ? <BarShape bar={row.benchmark} y={top + BAR + GAP} series="benchmark" label={row.benchmarkLabel ?? ''} /> : null}
                </g>
              );
            })}
          </svg>
        </svg>
      </figure>
      {/* The chart's figures, which the chart points to with aria-details. */}
      <section id="past-table" aria-labelledby="past-table-heading">
        <h2 id="past-table-heading" className="mb-2 text-xl font-semibold">
          {t('past.tableTitle')}
        </h2>
        <table className="w-full max-w-xl border-collapse text-right tabular-nums [&_td]:px-3 [&_td]:py-1 [&_th]:py-1 [&_tr]:border-b [&_tr]:border-slate-200">
          <caption className="mb-1 text-left text-sm text-muted">{t('past.tableCaption', { currency })}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-3 text-left">
                {t('past.year')}
              </th>
              <th scope="col" className="px-3">
                {shareName}
              </th>
              {withBenchmark ? (
                <th scope="col" className="px-3">
                  {benchmark}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {layout.rows.map((row) => (
              <tr key={row.year}>
                <th scope="row" className="pr-3 text-left font-normal">
                  {row.year}
                </th>
                <td>{row.shareLabel ?? <span className="text-sm text-muted">{t('past.noData')}</span>}</td>
                {withBenchmark ? <td>{row.benchmarkLabel ?? <span className="text-sm text-muted">{t('past.noData')}</span>}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

/** A bar and, right after it, its label; `series` picks its colour here and its look under forced colours (globals.css). */
function BarShape({ bar, y, series, label }: { bar: Bar; y: number; series: 'share' | 'benchmark'; label: string }) {
  return (
    <>
      <rect data-series={series} x={`${bar.x}%`} y={y} width={`${bar.width}%`} height={BAR} fill={series === 'share' ? SHARE_COLOR : BENCHMARK_COLOR} />
      <text x={`${bar.labelX}%`} y={y + BAR - 4} dx={bar.anchor === 'start' ? 4 : -4} textAnchor={bar.anchor} className="fill-ink">
        {label}
      </text>
    </>
  );
}
