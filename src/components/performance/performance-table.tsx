import { useTranslations } from 'next-intl';
import type { Locale } from '@/env';
import type { FetchedData } from '@/domain/model';
import type { PerformanceCode } from '@/domain/performance/compute';
import {
  ANNUALISED_COLUMNS,
  CUMULATIVE_COLUMNS,
  figuresAsOf,
  performanceRows,
  RISK_COLUMNS,
  type TableRow,
} from '@/domain/performance/table';
import { FiguresTable } from './figures-table';
import { PastPerformanceWarning } from './past-performance-warning';

type Props = {
  /** The share's fetchedData (src/server/funds/queries.ts), with the benchmark's figures over the same dates. */
  figures: FetchedData[];
  locale: Locale;
  shareName: string;
  currency: string;
  /** The benchmark's name, or null when the fund has none (then no benchmark or difference row). */
  benchmark: string | null;
  pastPerformance: string;
  /** Prefix of the element ids, so two tables can share a page. */
  idPrefix?: string;
};

/**
 * The performance table of a share (docs/product.md §9): cumulative returns for every period, annualised ones for periods of
 * a year or more, then volatility, Sharpe ratio and maximum drawdown at 3 and 5 years; the share against its
 * benchmark, with the as-of date and the past-performance warning. Reusable by the fund page's performance tab.
 * The caller decides whether a share may show performance at all (lessThanOneYear).
 */
export function PerformanceTable({ figures, locale, shareName, currency, benchmark, pastPerformance, idPrefix = 'performance' }: Props) {
  const t = useTranslations('Performance');
  const asOf = figuresAsOf(figures);
  const date = asOf?.label ?? '-';
  const withBenchmark = benchmark !== null;
  const columns = (codes: readonly PerformanceCode[]) => codes.map((code) => ({ code, label: t(`column.${code}`) }));
  const rowLabel = (row: TableRow) =>
    row.kind === 'share' ? shareName : row.kind === 'benchmark' ? t('benchmarkRow') : t('differenceRow');
  const rows = (codes: readonly PerformanceCode[], difference: boolean) =>
    performanceRows(figures, codes, locale, { benchmark: withBenchmark, difference });

  return (
    <div className="space-y-6 print:space-y-3">
      <FiguresTable
        id={`${idPrefix}-cumulative`}
        caption={t('cumulativeCaption', { date })}
        rowHeader={t('rowHeader')}
        columns={columns(CUMULATIVE_COLUMNS)}
        rows={rows(CUMULATIVE_COLUMNS, true)}
        rowLabel={rowLabel}
      />
      <p className="-mt-4 text-xs text-muted sm:hidden print:hidden">{t('scrollHint')}</p>
      <div className="lg:max-w-3xl">
        <FiguresTable
          id={`${idPrefix}-annualised`}
          caption={t('annualisedCaption', { date })}
          rowHeader={t('rowHeader')}
          columns={columns(ANNUALISED_COLUMNS)}
          rows={rows(ANNUALISED_COLUMNS, true)}
          rowLabel={rowLabel}
        />
        <p className="mt-2 text-xs text-muted">{t('annualisedNote')}</p>
      </div>
      <FiguresTable
        id={`${idPrefix}-risk`}
        caption={t('riskCaption', { date })}
        rowHeader={t('rowHeader')}
        columns={columns(RISK_COLUMNS)}
        rows={rows(RISK_COLUMNS, false)}
        rowLabel={rowLabel}
      />
      <div className="text-sm text-muted">
        <p>{t('basis', { currency })}</p>
        {benchmark ? <p>{t('benchmarkName', { name: benchmark })}</p> : null}
      </div>
      <PastPerformanceWarning text={pastPerformance} />
    </div>
  );
}
