import { isIsoDate, type IsoDate } from './dates';
import { parseIsin } from './isin';

export type NavRow = { line: number; isin: string; date: IsoDate; nav: number };
export type NavCsvError = { line: number; message: string };
export type NavCsvResult = { ok: true; rows: NavRow[] } | { ok: false; errors: NavCsvError[] };

const REQUIRED = ['isin', 'date', 'nav'] as const;
const NUMBER = /^[0-9]+(\.[0-9]+)?$/;

function splitLine(line: string): string[] {
  // The columns are an ISIN, a date and a number: quotes are allowed around a cell, never needed.
  return line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').trim());
}

/**
 * Parses a NAV file (header isin,date,nav in any order). Every row is checked, and every problem is
 * reported with its line number, so a file is either accepted whole or rejected whole.
 */
export function parseNavCsv(text: string): NavCsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const errors: NavCsvError[] = [];
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex < 0) return { ok: false, errors: [{ line: 1, message: 'the file is empty: expected a header isin,date,nav' }] };
  const header = splitLine(lines[headerIndex] ?? '').map((h) => h.toLowerCase());
  const columns = Object.fromEntries(REQUIRED.map((name) => [name, header.indexOf(name)])) as Record<(typeof REQUIRED)[number], number>;
  const missing = REQUIRED.filter((name) => columns[name] < 0);
  if (missing.length > 0) {
    return { ok: false, errors: [{ line: headerIndex + 1, message: `header lacks column(s) ${missing.join(', ')}: expected isin,date,nav` }] };
  }
  const rows: NavRow[] = [];
  const seen = new Map<string, number>();
  for (let i = headerIndex + 1; i < lines.length; i += 1) {
    const raw = lines[i] ?? '';
    if (raw.trim() === '') continue;
    const line = i + 1;
    const cells = splitLine(raw);
    if (cells.length !== header.length) {
      errors.push({ line, message: `expected ${header.length} columns, found ${cells.length}` });
      continue;
    }
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
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [{ line: headerIndex + 1, message: 'the file has a header but no NAV row' }] };
  return { ok: true, rows };
}
