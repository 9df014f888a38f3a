import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import { calendarBarLayout, type Bar } from '@/domain/performance/chart-geometry';
import type { CalendarYearReturn } from '@/domain/model';
import { calendarRows } from '@/domain/performance/table';
import { BENCHMARK_COLOR, SHARE_COLOR } from './chart-constants';
import { ChartLegend } from './chart-legend';
import { DataTable } from './data-table';
import { PastPerformanceWarning } from './past-performance-warning';

const BAR = 14;
const GAP = 3;
const ROW_GAP = 14;
/** The year labels take the left part; the bars and their labels the rest (percentages keep text readable). */
const LABELS_WIDTH = '16%';
const BARS_WIDTH = '84%';

type Props = {
  years: CalendarYearReturn[];
  shareName: string;
  benchmark: string | null;
  locale: Locale;
  pastPerformance: string;
  /** Prefix of the element ids, so two charts can share a page. */
  idPrefix?: string;
};

/**
 * Calendar-year returns of up to 10 complete years, the share's bar beside its benchmark's, each labelled with
 * one decimal. Horizontal bars, one row per year, so ten years stay legible on a phone; the figures are also
 * given as a table.
 */
export function CalendarChart({ years, shareName, benchmark, locale, pastPerformance, idPrefix = 'calendar' }: Props) {
  const t = useTranslations('Performance');
  const rows = calendarRows(years, locale);
  const withBenchmark = benchmark !== null && rows.some((r) => r.benchmark !== null);
  const layout = calendarBarLayout(rows.map((r) => ({ year: r.year, value: r.value, benchmark: withBenchmark ? r.benchmark : null })));
  const rowHeight = (withBenchmark ? 2 * BAR + GAP : BAR) + ROW_GAP;
  const height = rows.length * rowHeight;
  const first = rows[0]?.year;
  const last = rows[rows.length - 1]?.year;
  const title = t(withBenchmark ? 'calendar.chartTitleWithBenchmark' : 'calendar.chartTitle', { share: shareName, first: first ?? '', last: last ?? '' });

  return (
    <section aria-labelledby={`${idPrefix}-heading`} className="break-inside-avoid">
      <h3 id={`${idPrefix}-heading`} className="mb-3 text-xl font-semibold">
        {t('calendar.title')}
      </h3>
      {rows.length === 0 ? (
        <p>{t('calendar.none')}</p>
      ) : (
        <figure>
          <ChartLegend share={shareName} benchmark={withBenchmark ? benchmark : null} kind="bar" />
          <svg role="img" aria-labelledby={`${idPrefix}-title`} aria-describedby={`${idPrefix}-desc`} width="100%" height={height} className="mt-3 block text-[11px]">
            <title id={`${idPrefix}-title`}>{title}</title>
            <desc id={`${idPrefix}-desc`}>{t('calendar.chartDesc')}</desc>
            {layout.rows.map((row, i) => (
              <text key={row.year} x="0" y={i * rowHeight + (rowHeight - ROW_GAP) / 2 + 4} className="fill-ink text-xs font-semibold">
                {row.year}
              </text>
            ))}
            <svg aria-hidden="true" x={LABELS_WIDTH} y="0" width={BARS_WIDTH} height={height} overflow="visible">
              <line x1={`${layout.zero}%`} x2={`${layout.zero}%`} y1="0" y2={height - ROW_GAP / 2} stroke="#64748b" strokeWidth="1" />
              {layout.rows.map((row, i) => {
                const top = i * rowHeight;
                const labels = rows[i];
                return (
                  <g key={row.year}>
                    <BarShape bar={row.share} y={top} series="share" label={labels?.share ?? ''} />
                    {row.benchmark ? <BarShape bar={row.benchmark} y={top + BAR + GAP} series="benchmark" label={labels?.benchmarkLabel ?? ''} /> : null}
                  </g>
                );
              })}
            </svg>
          </svg>
          <details className="mt-2 text-sm print:hidden">
            <summary className="cursor-pointer text-brand underline">{t('showTable')}</summary>
            <DataTable
              caption={title}
              headers={[t('calendar.year'), shareName, ...(withBenchmark && benchmark ? [benchmark] : [])]}
              rows={rows.map((row) => ({ key: String(row.year), label: row.year, cells: [row.share, ...(withBenchmark ? [row.benchmarkLabel] : [])] }))}
            />
          </details>
        </figure>
      )}
      <PastPerformanceWarning text={pastPerformance} />
    </section>
  );
}

/** A bar and, right after it, its label (tests/support/wcag22.ts reads them so); `series` picks its colour here and its look under forced colours (globals.css). */
function BarShape({ bar, y, series, label }: { bar: Bar; y: number; series: 'share' | 'benchmark'; label: string }) {
  return (
    <>
      <rect data-series={series} x={`${bar.x}%`} y={y} width={`${bar.width}%`} height={BAR} fill={series === 'share' ? SHARE_COLOR : BENCHMARK_COLOR} />
      <text x={`${bar.labelX}%`} y={y + BAR - 3} dx={bar.anchor === 'start' ? 4 : -4} textAnchor={bar.anchor} className="fill-ink">
        {label}
      </text>
    </>
  );
}
