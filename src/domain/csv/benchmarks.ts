import { isIsoDate, type IsoDate } from '../dates';
import { columnIndexes, csvError, IMPORT_LIMITS, positiveNumber, readCsvTable, type CsvError, type ImportLimits } from './import';

export type BenchmarkRow = { line: number; benchmark: string; date: IsoDate; value: number };
export type BenchmarkCsvResult = { ok: true; rows: BenchmarkRow[] } | { ok: false; errors: CsvError[] };

const HEADER = 'benchmark,date,value';
const CODE = /^[a-z0-9][a-z0-9_.-]{0,63}$/;

/**
 * Parses a benchmark series (header benchmark,date,value in any order; the benchmark is its code,
 * e.g. idx-europe-equity). Every bad row is reported with its line number: a file is accepted whole
 * or rejected whole.
 */
export function parseBenchmarkCsv(text: string, limits: ImportLimits = IMPORT_LIMITS): BenchmarkCsvResult {
  const table = readCsvTable(text, HEADER, limits);
  if (!table.ok) return table;
  const { index, missing } = columnIndexes(table.header, ['benchmark', 'date', 'value'] as const);
  if (missing.length > 0) {
    return { ok: false, errors: [csvError(table.headerLine, 'header-missing', { columns: missing.join(', '), header: HEADER })] };
  }
  const errors = [...table.errors];
  const rows: BenchmarkRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const code = (cells[index.benchmark] ?? '').toLowerCase();
    const date = cells[index.date] ?? '';
    const valueCell = cells[index.value] ?? '';
    const value = positiveNumber(valueCell);
    const before = errors.length;
    if (!CODE.test(code)) errors.push(csvError(line, 'not-benchmark-code', { value: cells[index.benchmark] ?? '' }));
    if (!isIsoDate(date)) errors.push(csvError(line, 'not-date', { value: date }));
    if (value === null) errors.push(csvError(line, 'not-positive', { value: valueCell }));
    if (errors.length > before || value === null) continue;
    const key = `${code}|${date}`;
    const previous = seen.get(key);
    if (previous !== undefined) {
      errors.push(csvError(line, 'duplicate', { series: code, date, previous }));
      continue;
    }
    seen.set(key, line);
    rows.push({ line, benchmark: code, date, value });
  }
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [csvError(table.headerLine, 'no-rows')] };
  return { ok: true, rows };
}
