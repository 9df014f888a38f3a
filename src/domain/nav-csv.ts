import { isIsoDate, type IsoDate } from './dates';
import { columnIndexes, IMPORT_LIMITS, readCsvTable, type ImportLimits } from './import-csv';
import { parseIsin } from './isin';

export type NavRow = { line: number; isin: string; date: IsoDate; nav: number };
export type NavCsvError = { line: number; message: string };
export type NavCsvResult = { ok: true; rows: NavRow[] } | { ok: false; errors: NavCsvError[] };

const NUMBER = /^[0-9]+(\.[0-9]+)?$/;
const HEADER = 'isin,date,nav';

/**
 * Parses a NAV file (header isin,date,nav in any order). Every row is checked, and every problem is
 * reported with its line number, so a file is either accepted whole or rejected whole. The file's
 * size, rows and line length are bounded (src/domain/import-csv.ts).
 */
export function parseNavCsv(text: string, limits: ImportLimits = IMPORT_LIMITS): NavCsvResult {
  const table = readCsvTable(text, HEADER, limits);
  if (!table.ok) return table;
  const { index: columns, missing } = columnIndexes(table.header, ['isin', 'date', 'nav'] as const);
  if (missing.length > 0) {
    return { ok: false, errors: [{ line: table.headerLine, message: `header lacks column(s) ${missing.join(', ')}: expected ${HEADER}` }] };
  }
  const errors: NavCsvError[] = [...table.errors];
  const rows: NavRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const isinCell = cells[columns.isin] ?? '';
    const dateCell = cells[columns.date] ?? '';
    const navCell = cells[columns.nav] ?? '';
    const isin = parseIsin(isinCell);
    if (!isin || isin.length !== 12) errors.push({ line, message: `"${isinCell}" is not an ISIN (2 letters and 10 letters or digits)` });
    if (!isIsoDate(dateCell)) errors.push({ line, message: `"${dateCell}" is not a date in the form YYYY-MM-DD` });
    const nav = Number(navCell);
    if (!NUMBER.test(navCell) || !Number.isFinite(nav) || nav <= 0) {
      errors.push({ line, message: `"${navCell}" is not a positive number with a dot as decimal separator` });
    }
    if (!isin || isin.length !== 12 || !isIsoDate(dateCell) || !(nav > 0) || !NUMBER.test(navCell)) continue;
    const key = `${isin}|${dateCell}`;
    const previous = seen.get(key);
    if (previous !== undefined) {
      errors.push({ line, message: `${isin} on ${dateCell} already appears on line ${previous}` });
      continue;
    }
    seen.set(key, line);
    rows.push({ line, isin, date: dateCell, nav });
  }
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [{ line: table.headerLine, message: 'the file has a header but no NAV row' }] };
  return { ok: true, rows };
}
