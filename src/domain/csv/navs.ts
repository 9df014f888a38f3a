import { isIsoDate, type IsoDate } from '../dates';
import { columnIndexes, csvError, IMPORT_LIMITS, readCsvTable, type CsvError, type ImportLimits } from './import';
import { parseIsin } from '../funds/isin';

export type NavRow = { line: number; isin: string; date: IsoDate; nav: number };
export type NavCsvError = CsvError;
export type NavCsvResult = { ok: true; rows: NavRow[] } | { ok: false; errors: NavCsvError[] };

const NUMBER = /^[0-9]+(\.[0-9]+)?$/;
const HEADER = 'isin,date,nav';

/**
 * Parses a NAV file (header isin,date,nav in any order). Every row is checked, and every problem is
 * reported with its line number, so a file is either accepted whole or rejected whole. The file's
 * size, rows and line length are bounded (src/domain/csv/import.ts).
 */
export function parseNavCsv(text: string, limits: ImportLimits = IMPORT_LIMITS): NavCsvResult {
  const table = readCsvTable(text, HEADER, limits);
  if (!table.ok) return table;
  const { index: columns, missing } = columnIndexes(table.header, ['isin', 'date', 'nav'] as const);
  if (missing.length > 0) {
    return { ok: false, errors: [csvError(table.headerLine, 'header-missing', { columns: missing.join(', '), header: HEADER })] };
  }
  const errors: NavCsvError[] = [...table.errors];
  const rows: NavRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const isinCell = cells[columns.isin] ?? '';
    const dateCell = cells[columns.date] ?? '';
    const navCell = cells[columns.nav] ?? '';
    const isin = parseIsin(isinCell);
    if (!isin || isin.length !== 12) errors.push(csvError(line, 'not-isin', { value: isinCell }));
    if (!isIsoDate(dateCell)) errors.push(csvError(line, 'not-date', { value: dateCell }));
    const nav = Number(navCell);
    if (!NUMBER.test(navCell) || !Number.isFinite(nav) || nav <= 0) {
      errors.push(csvError(line, 'not-positive', { value: navCell }));
    }
    if (!isin || isin.length !== 12 || !isIsoDate(dateCell) || !(nav > 0) || !NUMBER.test(navCell)) continue;
    const key = `${isin}|${dateCell}`;
    const previous = seen.get(key);
    if (previous !== undefined) {
      errors.push(csvError(line, 'duplicate', { series: isin, date: dateCell, previous }));
      continue;
    }
    seen.set(key, line);
    rows.push({ line, isin, date: dateCell, nav });
  }
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [csvError(table.headerLine, 'no-nav-rows')] };
  return { ok: true, rows };
}
