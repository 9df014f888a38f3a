import { isIsoDate, type IsoDate } from '../dates';
import { columnIndexes, csvError, readCsvTable, type CsvError, type ImportLimits } from '../csv/import';
import { toCsv } from '../csv/write';
import { parseIsin } from '../funds/isin';
import { canonicalAmount, isCurrencyCode, isDividendAmount, newestFirst, type Dividend } from './model';

/**
 * The dividends file (issue 34): one row per distribution of a share class, read by the back-office's
 * import (through approval) and POST /api/admin/v1/distributions. Its columns are the public CSV's
 * (`distributionsCsv`) with the ISIN in front, so a share's public file with an `isin` column added
 * is a valid import. Columns in any order, names in any case; a bad row refuses the whole file.
 */
export const DIVIDEND_HEADER = 'isin,ex_date,record_date,payment_date,amount,currency';
const COLUMNS = ['isin', 'ex_date', 'record_date', 'payment_date', 'amount', 'currency'] as const;

/** 1 MB and 10,000 rows: a century of quarterly dividends for 25 share classes fits. */
export const DIVIDEND_LIMITS: ImportLimits = { maxBytes: 1024 * 1024, maxRows: 10_000, maxLineLength: 500 };

export type DividendRow = Dividend & { line: number; isin: string };
export type DividendCsvResult = { ok: true; rows: DividendRow[] } | { ok: false; errors: CsvError[] };

/** The key of a dividend: a share class (ISIN or id) and its ex-date (the table's primary key). */
export function dividendKey(share: string | number, exDate: IsoDate): string {
  return `${share}|${exDate}`;
}

/**
 * Parses a dividends file. Every row is checked and every problem reported with its line: an ISIN,
 * three ISO dates with record ≥ ex and payment ≥ record, a positive amount with at most 6 decimals
 * (kept as exact text), a three-letter currency, and no (ISIN, ex-date) twice. Whether the share
 * exists, distributes and has that currency is checked against the database by the import service.
 */
export function parseDividendCsv(text: string, limits: ImportLimits = DIVIDEND_LIMITS): DividendCsvResult {
  const table = readCsvTable(text, DIVIDEND_HEADER, limits);
  if (!table.ok) return table;
  const { index, missing } = columnIndexes(table.header, COLUMNS);
  if (missing.length > 0) {
    return { ok: false, errors: [csvError(table.headerLine, 'header-missing', { columns: missing.join(', '), header: DIVIDEND_HEADER })] };
  }
  const errors: CsvError[] = [...table.errors];
  const rows: DividendRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const cell = (name: (typeof COLUMNS)[number]) => cells[index[name]] ?? '';
    const isin = parseIsin(cell('isin'));
    const exDate = cell('ex_date');
    const recordDate = cell('record_date');
    const paymentDate = cell('payment_date');
    const amount = cell('amount');
    const currency = cell('currency').toUpperCase();
    const before = errors.length;
    if (!isin || isin.length !== 12) errors.push(csvError(line, 'not-isin', { value: cell('isin') }));
    for (const date of [exDate, recordDate, paymentDate]) if (!isIsoDate(date)) errors.push(csvError(line, 'not-date', { value: date }));
    if (isIsoDate(exDate) && isIsoDate(recordDate) && recordDate < exDate) errors.push(csvError(line, 'record-before-ex', { record: recordDate, ex: exDate }));
    if (isIsoDate(recordDate) && isIsoDate(paymentDate) && paymentDate < recordDate) errors.push(csvError(line, 'payment-before-record', { payment: paymentDate, record: recordDate }));
    if (!isDividendAmount(amount)) errors.push(csvError(line, 'not-dividend-amount', { value: amount }));
    if (!isCurrencyCode(currency)) errors.push(csvError(line, 'not-currency', { value: cell('currency') }));
    if (errors.length > before || !isin) continue;
    const key = dividendKey(isin, exDate);
    const previous = seen.get(key);
    if (previous !== undefined) {
      errors.push(csvError(line, 'duplicate-dividend', { isin, date: exDate, previous }));
      continue;
    }
    seen.set(key, line);
    rows.push({ line, isin, exDate, recordDate, paymentDate, amount: canonicalAmount(amount), currency });
  }
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [csvError(table.headerLine, 'no-rows')] };
  return { ok: true, rows };
}

/** The public file's header, exactly. */
export const DISTRIBUTIONS_CSV_HEADER = ['ex_date', 'record_date', 'payment_date', 'amount', 'currency'] as const;

/**
 * A share class's distributions as /e/{locale}/data/funds/{fund}/{ISIN}/distributions.csv serves them:
 * the site's CSV format (src/domain/csv/share-downloads.ts: UTF-8 with a byte-order mark, CRLF, ISO
 * dates), one line per dividend, newest first like the share page's table, each value exactly as the
 * table's cell holds it (`dateTime` of its dates, `value` of its amount): the amount in canonical
 * decimal text with a dot, the currency's ISO code. Every language gets the same bytes.
 */
export function distributionsCsv(dividends: readonly Dividend[]): string {
  return toCsv([
    DISTRIBUTIONS_CSV_HEADER,
    ...newestFirst(dividends).map((d) => [d.exDate, d.recordDate, d.paymentDate, canonicalAmount(d.amount), d.currency]),
  ]);
}
