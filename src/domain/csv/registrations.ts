import { isIsoDate, type IsoDate } from '../dates';
import { columnIndexes, csvError, readCsvTable, type CsvError, type ImportLimits } from './import';
import { parseIsin } from '../funds/isin';

/**
 * The registration matrix as a file (issue 21): one row per share class, country and investor
 * profile, `registered` from a date or `withdrawn` (de-registered) on a date. The back-office's
 * import and POST /api/admin/v1/registrations read it; a bad row refuses the whole file.
 */
export const REGISTRATION_HEADER = 'isin,country,investor_profile,status,date';
const COLUMNS = ['isin', 'country', 'investor_profile', 'status', 'date'] as const;

export const REGISTRATION_STATUSES = ['registered', 'withdrawn'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** 2 MB and 20,000 rows: 200 share classes × 30 countries × 3 profiles fits with room to spare. */
export const REGISTRATION_LIMITS: ImportLimits = { maxBytes: 2 * 1024 * 1024, maxRows: 20_000, maxLineLength: 500 };

export type RegistrationRow = {
  line: number;
  isin: string;
  /** Upper-case ISO 3166-1 alpha-2 code. */
  country: string;
  /** Upper-case investor profile code (RETAIL, INSTIT, CGP…). */
  profile: string;
  status: RegistrationStatus;
  /** The registration date (registered) or the de-registration date (withdrawn). */
  date: IsoDate;
};
export type RegistrationCsvResult = { ok: true; rows: RegistrationRow[] } | { ok: false; errors: CsvError[] };

const COUNTRY = /^[A-Z]{2,3}$/;
const PROFILE = /^[A-Z][A-Z0-9_]{0,31}$/;

export function isRegistrationStatus(value: string): value is RegistrationStatus {
  return (REGISTRATION_STATUSES as readonly string[]).includes(value);
}

/** The key of one cell of the matrix: a share class (by ISIN or id), a country and a profile. */
export function registrationKey(share: string | number, country: string, profile: string): string {
  return `${share}|${country}|${profile}`;
}

/**
 * Parses a registration file (header isin,country,investor_profile,status,date in any order, codes in
 * any case). Every row is checked and every problem reported with its line; a cell named twice is an
 * error (the file would contradict itself). Whether the ISIN, country and profile exist is checked
 * against the database by the import service.
 */
export function parseRegistrationCsv(text: string, limits: ImportLimits = REGISTRATION_LIMITS): RegistrationCsvResult {
  const table = readCsvTable(text, REGISTRATION_HEADER, limits);
  if (!table.ok) return table;
  const { index, missing } = columnIndexes(table.header, COLUMNS);
  if (missing.length > 0) {
    return { ok: false, errors: [csvError(table.headerLine, 'header-missing', { columns: missing.join(', '), header: REGISTRATION_HEADER })] };
  }
  const errors: CsvError[] = [...table.errors];
  const rows: RegistrationRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const cell = (name: (typeof COLUMNS)[number]) => cells[index[name]] ?? '';
    const isin = parseIsin(cell('isin'));
    const country = cell('country').toUpperCase();
    const profile = cell('investor_profile').toUpperCase();
    const status = cell('status').toLowerCase();
    const date = cell('date');
    const before = errors.length;
    if (!isin || isin.length !== 12) errors.push(csvError(line, 'not-isin', { value: cell('isin') }));
    if (!COUNTRY.test(country)) errors.push(csvError(line, 'not-country', { value: cell('country') }));
    if (!PROFILE.test(profile)) errors.push(csvError(line, 'not-profile', { value: cell('investor_profile') }));
    if (!isRegistrationStatus(status)) errors.push(csvError(line, 'not-status', { value: cell('status') }));
    if (!isIsoDate(date)) errors.push(csvError(line, 'not-date', { value: date }));
    if (errors.length > before || !isin || !isRegistrationStatus(status)) continue;
    const key = registrationKey(isin, country, profile);
    const previous = seen.get(key);
    if (previous !== undefined) {
      errors.push(csvError(line, 'duplicate-registration', { isin, country, profile, previous }));
      continue;
    }
    seen.set(key, line);
    rows.push({ line, isin, country, profile, status, date });
  }
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [csvError(table.headerLine, 'no-rows')] };
  return { ok: true, rows };
}
