import { ALLOCATION_DIMENSIONS, type AllocationDimension } from './catalog';
import { isIsoDate, type IsoDate } from './dates';
import { columnIndexes, fraction, IMPORT_LIMITS, readCsvTable, type CsvError, type ImportLimits } from './import-csv';
import { parseIsin } from './isin';

/**
 * A fund's portfolio on a date (README "Importing portfolios"): one row per holding and per line of
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
    return { ok: false, errors: [{ line: table.headerLine, message: `header lacks column(s) ${missing.join(', ')}: expected ${HEADER}` }] };
  }
  const errors = [...table.errors];
  const rows: PortfolioRow[] = [];
  const seen = new Map<string, number>();
  const totals = new Map<string, { weight: number; line: number }>();
  for (const { line, cells } of table.rows) {
    const cell = (name: string) => (index[name] !== undefined && index[name] >= 0 ? (cells[index[name]] ?? '') : '');
    const before = errors.length;
    const fund = fundRef(cell('fund'));
    if (!fund) errors.push({ line, message: `"${cell('fund')}" is neither a fund slug nor a share's ISIN` });
    const date = cell('date');
    if (!isIsoDate(date)) errors.push({ line, message: `"${date}" is not a date in the form YYYY-MM-DD` });
    const kind = cell('kind').toLowerCase() as PortfolioKind;
    if (!(PORTFOLIO_KINDS as readonly string[]).includes(kind)) {
      errors.push({ line, message: `"${cell('kind')}" is not a kind: expected ${PORTFOLIO_KINDS.join(', ')}` });
    }
    const weight = fraction(cell('weight'));
    if (weight === null) errors.push({ line, message: `"${cell('weight')}" is not a weight from 0 to 1 with a dot (0.042 for 4.2 %)` });
    if (errors.length > before || !fund || weight === null) continue;

    let row: PortfolioRow;
    let identity: string;
    if (kind === 'holding') {
      const isinCell = cell('isin');
      const isin = isinCell === '' ? null : parseIsin(isinCell);
      if (cell('name') === '') errors.push({ line, message: 'a holding needs a name' });
      if (isinCell !== '' && (!isin || isin.length !== 12)) errors.push({ line, message: `"${isinCell}" is not an ISIN` });
      if (!SNAKE_CODE.test(cell('asset_class'))) errors.push({ line, message: `"${cell('asset_class')}" is not an asset class code (e.g. equity, money_market)` });
      if (!SNAKE_CODE.test(cell('sector'))) errors.push({ line, message: `"${cell('sector')}" is not a sector code (e.g. financials)` });
      if (!COUNTRY.test(cell('country'))) errors.push({ line, message: `"${cell('country')}" is not a two-letter country code` });
      if (errors.length > before) continue;
      row = { line, fund, date, kind, name: cell('name'), isin, weight, assetClass: cell('asset_class'), sector: cell('sector'), country: cell('country') };
      identity = `${cell('name')}|${isin ?? ''}`;
    } else {
      const dimension = kind as AllocationDimension;
      const code = cell('code');
      if (!codePattern[dimension].test(code)) errors.push({ line, message: `"${code}" is not a ${dimension} code` });
      if (cell('label_fr') === '') errors.push({ line, message: 'a breakdown line needs its French label (label_fr)' });
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
      errors.push({ line, message: `this ${kind === 'holding' ? 'holding' : `${kind} line`} already appears on line ${previous}` });
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
      errors.push({ line: total.line, message: `the ${kind} weights of this fund and date add up to ${(total.weight * 100).toFixed(1)} %, more than 100 %` });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [{ line: table.headerLine, message: 'the file has a header but no row' }] };
  return { ok: true, rows };
}
