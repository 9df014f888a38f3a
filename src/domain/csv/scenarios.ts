import { columnIndexes, csvError, IMPORT_LIMITS, readCsvTable, type CsvError, type ImportLimits } from './import';
import { parseIsin } from '../funds/isin';

/**
 * The previous performance scenarios of a KID (Delegated Regulation (EU) 2017/653, Annex IV and VIII), as the fund
 * house's KID producer computes them each month: four scenarios, each for one year and for the recommended holding
 * period, as the amount a 10,000 investment returns and its average annual return.
 */
export const SCENARIOS = ['stress', 'unfavourable', 'moderate', 'favourable'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export function isScenario(value: string): value is Scenario {
  return (SCENARIOS as readonly string[]).includes(value);
}

/** The investment the amounts are computed for (the KID's example). */
export const SCENARIO_INVESTMENT = 10_000;

export type ScenarioRow = {
  line: number;
  isin: string;
  /** YYYY-MM */
  month: string;
  scenario: Scenario;
  holdingPeriodYears: number;
  amount: number;
  /** Average annual return, a fraction (-0.052 is -5.2 %). */
  annualReturn: number;
};
export type ScenarioCsvResult = { ok: true; rows: ScenarioRow[] } | { ok: false; errors: CsvError[] };

export const SCENARIO_HEADER = 'isin,month,scenario,holding_period_years,amount,annual_return';
const COLUMNS = ['isin', 'month', 'scenario', 'holding_period_years', 'amount', 'annual_return'] as const;
const MONTH = /^[0-9]{4}-(0[1-9]|1[0-2])$/;
const UNSIGNED = /^[0-9]+(\.[0-9]+)?$/;
const SIGNED = /^-?[0-9]+(\.[0-9]+)?$/;
const YEARS = /^[0-9]{1,2}$/;

/** The key of one month of one share: its rows are imported, compared and replaced together. */
export function scenarioMonthKey(isin: string, month: string): string {
  return `${isin}|${month}`;
}

/**
 * Parses a scenario file (header isin,month,scenario,holding_period_years,amount,annual_return in any order). Every
 * row is checked and every problem reported with its line, so a file is accepted or refused whole. A month of a
 * share must give, for each holding period it names, the four scenarios, and must name the one-year period.
 */
export function parseScenarioCsv(text: string, limits: ImportLimits = IMPORT_LIMITS): ScenarioCsvResult {
  const table = readCsvTable(text, SCENARIO_HEADER, limits);
  if (!table.ok) return table;
  const { index, missing } = columnIndexes(table.header, COLUMNS);
  if (missing.length > 0) {
    return { ok: false, errors: [csvError(table.headerLine, 'header-missing', { columns: missing.join(', '), header: SCENARIO_HEADER })] };
  }
  const errors: CsvError[] = [...table.errors];
  const rows: ScenarioRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const cell = (name: (typeof COLUMNS)[number]) => cells[index[name]] ?? '';
    const isin = parseIsin(cell('isin'));
    const month = cell('month');
    const scenario = cell('scenario').toLowerCase();
    const yearsCell = cell('holding_period_years');
    const amountCell = cell('amount');
    const returnCell = cell('annual_return');
    const years = Number(yearsCell);
    const amount = Number(amountCell);
    const annualReturn = Number(returnCell);
    const before = errors.length;
    if (!isin || isin.length !== 12) errors.push(csvError(line, 'not-isin', { value: cell('isin') }));
    if (!MONTH.test(month)) errors.push(csvError(line, 'not-month', { value: month }));
    if (!isScenario(scenario)) errors.push(csvError(line, 'not-scenario', { value: cell('scenario'), scenarios: SCENARIOS.join(', ') }));
    if (!YEARS.test(yearsCell) || years < 1 || years > 50) errors.push(csvError(line, 'not-holding-period', { value: yearsCell }));
    if (!UNSIGNED.test(amountCell) || !Number.isFinite(amount)) errors.push(csvError(line, 'not-amount', { value: amountCell }));
    if (!SIGNED.test(returnCell) || !Number.isFinite(annualReturn) || annualReturn < -1) {
      errors.push(csvError(line, 'not-annual-return', { value: returnCell }));
    }
    if (errors.length > before || !isin || !isScenario(scenario)) continue;
    const key = `${isin}|${month}|${scenario}|${years}`;
    const previous = seen.get(key);
    if (previous !== undefined) {
      errors.push(csvError(line, 'duplicate-scenario', { scenario, isin, month, years, previous }));
      continue;
    }
    seen.set(key, line);
    rows.push({ line, isin, month, scenario, holdingPeriodYears: years, amount, annualReturn });
  }
  // Completeness, once every row is read: each (share, month, period) gives the four scenarios, each month one year.
  const groups = new Map<string, { line: number; isin: string; month: string; years: number; scenarios: Set<string> }>();
  const months = new Map<string, { line: number; isin: string; month: string; oneYear: boolean }>();
  for (const row of rows) {
    const key = `${row.isin}|${row.month}|${row.holdingPeriodYears}`;
    const group = groups.get(key) ?? { line: row.line, isin: row.isin, month: row.month, years: row.holdingPeriodYears, scenarios: new Set<string>() };
    group.scenarios.add(row.scenario);
    groups.set(key, group);
    const monthKey = scenarioMonthKey(row.isin, row.month);
    const month = months.get(monthKey) ?? { line: row.line, isin: row.isin, month: row.month, oneYear: false };
    month.oneYear ||= row.holdingPeriodYears === 1;
    months.set(monthKey, month);
  }
  for (const group of groups.values()) {
    const absent = SCENARIOS.filter((s) => !group.scenarios.has(s));
    if (absent.length > 0) errors.push(csvError(group.line, 'scenario-incomplete', { isin: group.isin, month: group.month, years: group.years, missing: absent.join(', ') }));
  }
  for (const month of months.values()) {
    if (!month.oneYear) errors.push(csvError(month.line, 'no-one-year', { isin: month.isin, month: month.month }));
  }
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [csvError(table.headerLine, 'no-rows')] };
  return { ok: true, rows };
}
