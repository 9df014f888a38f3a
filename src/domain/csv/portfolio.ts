import { ALLOCATION_DIMENSIONS, type AllocationDimension } from '../catalog';
import { isIsoDate, type IsoDate } from '../dates';
import { columnIndexes, csvError, fraction, IMPORT_LIMITS, readCsvTable, type CsvError, type ImportLimits } from './import';
import { parseIsin } from '../funds/isin';

/**
 * A fund's portfolio on a date (docs/operations.md "Importing benchmarks and portfolios"): one row per holding and per line of
 * each breakdown. Columns, in any order:
 *
 *   fund,date,kind,code,name,weight,isin,asset_class,sector,country,label_fr,label_en,label_es
 *
 * - fund: the fund's slug, or the ISIN of one of its share classes; date: the portfolio's date;
 * - kind `holding`: name, weight, isin (optional), asset_class, sector (codes such as money_market,
 *   financials) and country (two letters);
 * - kind `asset_class`, `sector`, `country` or `currency`: a line of that breakdown: code, weight,
 *   label_fr (required), label_en, label_es;
 * - weight: a fraction of net assets with a dot, 0.042 for 4.2 %. Each kind of a fund and date adds
 *   up to at most 100 % (+0.5 % for rounding).
 *
 * A file replaces, for each fund and date it names, the holdings or breakdowns it contains; kinds it
 * does not contain are kept.
 */
export const PORTFOLIO_KINDS = ['holding', ...ALLOCATION_DIMENSIONS] as const;
export type PortfolioKind = (typeof PORTFOLIO_KINDS)[number];

export type FundRef = { isin: string } | { slug: string };

export type HoldingRow = {
  line: number;
  fund: FundRef;
  date: IsoDate;
  kind: 'holding';
  name: string;
  isin: string | null;
  weight: number;
  assetClass: string;
  sector: string;
  country: string;
};

export type AllocationRow = {
  line: number;
  fund: FundRef;
  date: IsoDate;
  kind: AllocationDimension;
  code: string;
  label: { fr: string; en?: string; es?: string };
  weight: number;
};

export type PortfolioRow = HoldingRow | AllocationRow;
export type PortfolioCsvResult = { ok: true; rows: PortfolioRow[] } | { ok: false; errors: CsvError[] };

const HEADER = 'fund,date,kind,code,name,weight,isin,asset_class,sector,country,label_fr,label_en,label_es';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const STRICT_ISIN = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;
const SNAKE_CODE = /^[a-z][a-z0-9_]{0,39}$/;
const COUNTRY = /^[A-Z]{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
/** Weights of a kind may add up to a little more than 100 %: each is rounded. */
export const WEIGHT_TOLERANCE = 0.005;

function fundRef(cell: string): FundRef | null {
  if (STRICT_ISIN.test(cell)) return { isin: cell };
  return SLUG.test(cell) ? { slug: cell } : null;
}

const codePattern: Record<AllocationDimension, RegExp> = { asset_class: SNAKE_CODE, sector: SNAKE_CODE, country: COUNTRY, currency: CURRENCY };

/** The key of a fund reference, as the file wrote it. */
export const fundKey = (fund: FundRef) => ('isin' in fund ? `isin:${fund.isin}` : `slug:${fund.slug}`);

export function parsePortfolioCsv(text: string, limits: ImportLimits = IMPORT_LIMITS): PortfolioCsvResult {
  const table = readCsvTable(text, HEADER, limits);
  if (!table.ok) return table;
  const optional = ['code', 'name', 'isin', 'asset_class', 'sector', 'country', 'label_fr', 'label_en', 'label_es'];
  const { index, missing } = columnIndexes(table.header, ['fund', 'date', 'kind', 'weight'] as const, optional);
  if (missing.length > 0) {
    return { ok: false, errors: [csvError(table.headerLine, 'header-missing', { columns: missing.join(', '), header: HEADER })] };
  }
  const errors = [...table.errors];
  const rows: PortfolioRow[] = [];
  const seen = new Map<string, number>();
  const totals = new Map<string, { weight: number; line: number }>();
  for (const { line, cells } of table.rows) {
    const cell = (name: string) => (index[name] !== undefined && index[name] >= 0 ? (cells[index[name]] ?? '') : '');
    const before = errors.length;
    const fund = fundRef(cell('fund'));
    if (!fund) errors.push(csvError(line, 'not-fund', { value: cell('fund') }));
    const date = cell('date');
    if (!isIsoDate(date)) errors.push(csvError(line, 'not-date', { value: date }));
    const kind = cell('kind').toLowerCase() as PortfolioKind;
    if (!(PORTFOLIO_KINDS as readonly string[]).includes(kind)) {
      errors.push(csvError(line, 'not-kind', { value: cell('kind'), kinds: PORTFOLIO_KINDS.join(', ') }));
    }
    const weight = fraction(cell('weight'));
    if (weight === null) errors.push(csvError(line, 'not-weight', { value: cell('weight') }));
    if (errors.length > before || !fund || weight === null) continue;

    let row: PortfolioRow;
    let identity: string;
    if (kind === 'holding') {
      const isinCell = cell('isin');
      const isin = isinCell === '' ? null : parseIsin(isinCell);
      if (cell('name') === '') errors.push(csvError(line, 'holding-name'));
      if (isinCell !== '' && (!isin || isin.length !== 12)) errors.push(csvError(line, 'holding-isin', { value: isinCell }));
      if (!SNAKE_CODE.test(cell('asset_class'))) errors.push(csvError(line, 'not-asset-class', { value: cell('asset_class') }));
      if (!SNAKE_CODE.test(cell('sector'))) errors.push(csvError(line, 'not-sector', { value: cell('sector') }));
      if (!COUNTRY.test(cell('country'))) errors.push(csvError(line, 'not-country', { value: cell('country') }));
      if (errors.length > before) continue;
      row = { line, fund, date, kind, name: cell('name'), isin, weight, assetClass: cell('asset_class'), sector: cell('sector'), country: cell('country') };
      identity = `${cell('name')}|${isin ?? ''}`;
    } else {
      const dimension = kind as AllocationDimension;
      const code = cell('code');
      if (!codePattern[dimension].test(code)) errors.push(csvError(line, 'not-dimension-code', { value: code, dimension }));
      if (cell('label_fr') === '') errors.push(csvError(line, 'label-fr'));
      if (errors.length > before) continue;
      const label: AllocationRow['label'] = { fr: cell('label_fr') };
      if (cell('label_en') !== '') label.en = cell('label_en');
      if (cell('label_es') !== '') label.es = cell('label_es');
      row = { line, fund, date, kind: dimension, code, label, weight };
      identity = code;
    }
    const group = `${fundKey(fund)}|${date}|${kind}`;
    const key = `${group}|${identity}`;
    const previous = seen.get(key);
    if (previous !== undefined) {
      errors.push(kind === 'holding' ? csvError(line, 'duplicate-holding', { previous }) : csvError(line, 'duplicate-breakdown', { kind, previous }));
      continue;
    }
    seen.set(key, line);
    const total = totals.get(group) ?? { weight: 0, line };
    total.weight += weight;
    total.line = line;
    totals.set(group, total);
    rows.push(row);
  }
  for (const [group, total] of totals) {
    if (total.weight > 1 + WEIGHT_TOLERANCE) {
      const [, , kind] = group.split('|');
      errors.push(csvError(total.line, 'weights-over', { kind: kind ?? '', percent: (total.weight * 100).toFixed(1) }));
    }
  }
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [csvError(table.headerLine, 'no-rows')] };
  return { ok: true, rows };
}
