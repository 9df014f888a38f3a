/**
 * CSV as the site writes it (share downloads, the staff's export of submissions): RFC 4180 quoting,
 * CRLF line ends, and no cell a spreadsheet would run as a formula. A text starting with =, +, -, @,
 * a tab or a carriage return gets a leading ' (OWASP "CSV injection"); a plain number such as -1.23
 * is left as it is.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export type CsvCell = string | number | null;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(cell: CsvCell, delimiter = ','): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const safe = /^[=+\-@\t\r]/.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
  const needsQuotes = safe !== cell || /["\r\n]/.test(safe) || safe.includes(delimiter);
  return needsQuotes ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV: a byte-order mark (so Excel reads accents) when asked, CRLF after every row. */
export function toCsv(rows: readonly (readonly CsvCell[])[], { delimiter = ',', bom = true }: { delimiter?: string; bom?: boolean } = {}): string {
  return (bom ? CSV_BOM : '') + rows.map((row) => row.map((c) => csvCell(c, delimiter)).join(delimiter)).join('\r\n') + '\r\n';
}
