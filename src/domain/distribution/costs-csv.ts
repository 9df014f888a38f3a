import { toCsv } from '../csv/write';
import type { ShareDistributionView } from './view';

/**
 * …/{ISIN}/costs.csv: the share page's costs and charges illustration, the same figures in the
 * share downloads' format (src/domain/csv/share-downloads.ts: UTF-8 with a byte-order mark, commas,
 * CRLF, a header row, ISO dates, a dot as decimal point). One row per year of the holding period,
 * then a `total` row; amounts in the share's currency with two decimals, `total_percent` the year's
 * costs as a percentage of the amount invested, two decimals. The ex-ante costs' date and the
 * holding period repeat on every row, so a row read alone says what it is. A share whose holding
 * period cannot be illustrated gets the header alone.
 */
export const COSTS_CSV_HEADER = [
  'isin',
  'currency',
  'amount_invested',
  'holding_period_years',
  'ex_ante_date',
  'year',
  'entry',
  'ongoing',
  'transaction',
  'incidental',
  'exit',
  'total',
  'total_percent',
] as const;

const amount = (value: number) => value.toFixed(2);
const percent = (fraction: number) => (fraction * 100).toFixed(2);

export function costsCsv(isin: string, currency: string, costs: ShareDistributionView['costs']): string {
  const illustration = costs.illustration;
  if (!illustration) return toCsv([[...COSTS_CSV_HEADER]]);
  const common = [isin, currency, amount(illustration.amount), costs.years, costs.exAnteDate];
  const row = (year: number | 'total', figures: { entry: number; ongoing: number; transaction: number; incidental: number; exit: number; total: number; share: number }) => [
    ...common,
    year,
    amount(figures.entry),
    amount(figures.ongoing),
    amount(figures.transaction),
    amount(figures.incidental),
    amount(figures.exit),
    amount(figures.total),
    percent(figures.share),
  ];
  return toCsv([[...COSTS_CSV_HEADER], ...illustration.years.map((y) => row(y.year, y)), row('total', illustration.total)]);
}
