/**
 * What every imported CSV file (NAVs, benchmark values, portfolios) goes through before its rows
 * are read: bounds on its size, its number of rows and the length of a line, so a wrong or hostile
 * file is refused before it costs memory; then RFC 4180 cells (quotes, "" inside quotes, one line a row).
 */
/**
 * Every problem a file can have, as a code with its values: the back-office shows it in the staff
 * member's language (messages/data/{locale}.json, namespace DataImport), the CLI and the import API
 * in English (`message`).
 */
export const CSV_MESSAGES = {
  'file-too-large': 'the file is larger than {mb} MB',
  'empty-file': 'the file is empty: expected a header {header}',
  'header-unreadable': 'the header cannot be read: expected {header}',
  'header-missing': 'header lacks column(s) {columns}: expected {header}',
  'too-many-rows': 'the file has more than {max} rows: split it',
  'line-too-long': 'the line is longer than {max} characters',
  'open-quote': 'a quote is opened and never closed',
  'column-count': 'expected {expected} columns, found {found}',
  'no-rows': 'the file has a header but no row',
  'no-nav-rows': 'the file has a header but no NAV row',
  'not-isin': '"{value}" is not an ISIN (2 letters and 10 letters or digits)',
  'not-date': '"{value}" is not a date in the form YYYY-MM-DD',
  'not-positive': '"{value}" is not a positive number with a dot as decimal separator',
  duplicate: '{series} on {date} already appears on line {previous}',
  'not-benchmark-code': '"{value}" is not a benchmark code (letters, digits, - _ .)',
  'not-fund': '"{value}" is neither a fund slug nor a share\'s ISIN',
  'not-kind': '"{value}" is not a kind: expected {kinds}',
  'not-weight': '"{value}" is not a weight from 0 to 1 with a dot (0.042 for 4.2 %)',
  'holding-name': 'a holding needs a name',
  'holding-isin': '"{value}" is not an ISIN',
  'not-asset-class': '"{value}" is not an asset class code (e.g. equity, money_market)',
  'not-sector': '"{value}" is not a sector code (e.g. financials)',
  'not-country': '"{value}" is not a two-letter country code',
  'not-dimension-code': '"{value}" is not a {dimension} code',
  'label-fr': 'a breakdown line needs its French label (label_fr)',
  'duplicate-holding': 'this holding already appears on line {previous}',
  'duplicate-breakdown': 'this {kind} line already appears on line {previous}',
  'weights-over': 'the {kind} weights of this fund and date add up to {percent} %, more than 100 %',
  'unknown-isin': 'no share has the ISIN {isin}',
  'unknown-benchmark': 'no benchmark has the code {code}',
  'unknown-fund': 'no fund has the slug {slug}',
  'not-month': '"{value}" is not a month in the form YYYY-MM',
  'not-scenario': '"{value}" is not a scenario: expected {scenarios}',
  'not-holding-period': '"{value}" is not a holding period: a whole number of years from 1 to 50',
  'not-amount': '"{value}" is not an amount: a number from 0 with a dot as decimal separator',
  'not-annual-return': '"{value}" is not an annual return: a fraction from -1 with a dot (-0.052 for -5.2 %)',
  'duplicate-scenario': 'the {scenario} scenario of {isin} for {month} over {years} year(s) already appears on line {previous}',
  'scenario-incomplete': '{isin} for {month} over {years} year(s) lacks the scenario(s) {missing}: a month gives all four',
  'no-one-year': '{isin} for {month} has no one-year scenarios (holding_period_years 1)',
  'not-profile': '"{value}" is not an investor profile code (e.g. RETAIL, INSTIT, CGP)',
  'not-status': '"{value}" is not a status: expected registered or withdrawn',
  'duplicate-registration': '{isin} in {country} for {profile} already appears on line {previous}',
  'unknown-country': 'no country has the code {country}',
  'unknown-profile': 'no investor profile has the code {profile}',
  'withdraw-unregistered': '{isin} was never registered in {country} for {profile}: nothing to withdraw',
  'withdrawn-before-registered': '{isin} in {country} for {profile} was registered on {registered}: it cannot be withdrawn on {date}',
  'findatex-field': 'field {field}: {problem} ("{value}")',
  'not-dividend-amount': '"{value}" is not an amount per share: a positive number with a dot and at most 6 decimals',
  'not-currency': '"{value}" is not a currency code (three letters, e.g. EUR)',
  'record-before-ex': 'the record date {record} is before the ex-date {ex}',
  'payment-before-record': 'the payment date {payment} is before the record date {record}',
  'duplicate-dividend': '{isin} with the ex-date {date} already appears on line {previous}',
  'not-distributing': '{isin} is an accumulation share class: it pays no dividend',
  'wrong-currency': '{isin} is in {expected}: its dividend cannot be in {currency}',
} as const;
export type CsvErrorCode = keyof typeof CSV_MESSAGES;
export type CsvErrorParams = Record<string, string | number>;
export type CsvError = { line: number; message: string; code: CsvErrorCode; params: CsvErrorParams };

export function csvError(line: number, code: CsvErrorCode, params: CsvErrorParams = {}): CsvError {
  const message = CSV_MESSAGES[code].replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));
  return { line, message, code, params };
}

export type ImportLimits = { maxBytes: number; maxRows: number; maxLineLength: number };

/** 16 MB, 250,000 rows (ten years of daily NAVs for about 100 shares), 2,000 characters a line. */
export const IMPORT_LIMITS: ImportLimits = { maxBytes: 16 * 1024 * 1024, maxRows: 250_000, maxLineLength: 2_000 };

export type CsvLine = { line: number; cells: string[] };
export type CsvTable =
  | { ok: true; header: string[]; headerLine: number; rows: CsvLine[]; errors: CsvError[] }
  | { ok: false; errors: CsvError[] };

/** The cells of one line, unquoted and trimmed; null when a quote is left open. FinDatEx files may use `;`. */
export function splitCsvLine(line: string, delimiter: ',' | ';' = ','): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  if (quoted) return null;
  cells.push(cell.trim());
  return cells;
}

const utf8Length = (text: string) => new TextEncoder().encode(text).byteLength;

/**
 * Splits a file into its header (lower-cased names) and its non-empty rows, each with its line
 * number. Rows that cannot be split (a line too long, an open quote, a wrong number of cells) are
 * returned as errors beside the good ones, so one pass reports every bad line.
 */
export function readCsvTable(text: string, what: string, limits: ImportLimits = IMPORT_LIMITS, delimiter: ',' | ';' = ','): CsvTable {
  if (text.length > limits.maxBytes || utf8Length(text) > limits.maxBytes) {
    return { ok: false, errors: [csvError(1, 'file-too-large', { mb: Math.floor(limits.maxBytes / (1024 * 1024)) })] };
  }
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex < 0) return { ok: false, errors: [csvError(1, 'empty-file', { header: what })] };
  const headerText = lines[headerIndex] ?? '';
  const header = headerText.length <= limits.maxLineLength ? splitCsvLine(headerText, delimiter) : null;
  if (!header) return { ok: false, errors: [csvError(headerIndex + 1, 'header-unreadable', { header: what })] };
  const rows: CsvLine[] = [];
  const errors: CsvError[] = [];
  let count = 0;
  for (let i = headerIndex + 1; i < lines.length; i += 1) {
    const raw = lines[i] ?? '';
    if (raw.trim() === '') continue;
    const line = i + 1;
    count += 1;
    if (count > limits.maxRows) {
      return { ok: false, errors: [csvError(line, 'too-many-rows', { max: limits.maxRows })] };
    }
    if (raw.length > limits.maxLineLength) {
      errors.push(csvError(line, 'line-too-long', { max: limits.maxLineLength }));
      continue;
    }
    const cells = splitCsvLine(raw, delimiter);
    if (!cells) {
      errors.push(csvError(line, 'open-quote'));
      continue;
    }
    if (cells.length !== header.length) {
      errors.push(csvError(line, 'column-count', { expected: header.length, found: cells.length }));
      continue;
    }
    rows.push({ line, cells });
  }
  return { ok: true, header: header.map((h) => h.toLowerCase()), headerLine: headerIndex + 1, rows, errors };
}

/** The index of each required column (any order); the names missing, if any. */
export function columnIndexes<const T extends string>(header: string[], required: readonly T[], optional: readonly string[] = []) {
  const index = Object.fromEntries([...required, ...optional].map((name) => [name, header.indexOf(name)])) as Record<T, number> &
    Record<string, number>;
  const missing = required.filter((name) => index[name] < 0);
  return { index, missing };
}

const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/** A positive number written with a dot as decimal separator, or null. */
export function positiveNumber(cell: string): number | null {
  const value = Number(cell);
  return DECIMAL.test(cell) && Number.isFinite(value) && value > 0 ? value : null;
}

/** A number from 0 to 1 with a dot as decimal separator (a weight: 0.042 is 4.2 %), or null. */
export function fraction(cell: string): number | null {
  const value = Number(cell);
  return DECIMAL.test(cell) && value >= 0 && value <= 1 ? value : null;
}
