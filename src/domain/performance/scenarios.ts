import { toCsv } from '../csv/write';
import { INTL_LOCALE } from '../language/format';
import type { Locale } from '../language/locale';
import { SCENARIO_HEADER, SCENARIOS, type Scenario } from '../csv/scenarios';

/** One stored figure of the scenario archive. */
export type ScenarioFigure = { month: string; scenario: Scenario; holdingPeriodYears: number; amount: number; annualReturn: number };

/** A month of the archive: its holding periods (one year first, then the recommended one) and a figure per scenario and period. */
export type ScenarioMonth = {
  month: string;
  periods: number[];
  /** scenario → period → figure */
  figures: Record<Scenario, Record<number, { amount: number; annualReturn: number } | undefined>>;
};

const SCENARIO_ORDER = new Map(SCENARIOS.map((s, i) => [s, i]));

/** The archive by month, newest first, as the page shows it. */
export function scenarioMonths(figures: readonly ScenarioFigure[]): ScenarioMonth[] {
  const months = new Map<string, ScenarioMonth>();
  for (const f of figures) {
    let month = months.get(f.month);
    if (!month) {
      month = { month: f.month, periods: [], figures: { stress: {}, unfavourable: {}, moderate: {}, favourable: {} } };
      months.set(f.month, month);
    }
    if (!month.periods.includes(f.holdingPeriodYears)) month.periods.push(f.holdingPeriodYears);
    month.figures[f.scenario][f.holdingPeriodYears] = { amount: f.amount, annualReturn: f.annualReturn };
  }
  const list = [...months.values()].sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0));
  for (const month of list) month.periods.sort((a, b) => a - b);
  return list;
}

/** A month as the visitor reads it: "2026-10" → "October 2026" in the page's language (UTC, no day shift). */
export function formatMonth(month: string, locale: Locale): string {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 1)));
}

/** An amount in the share's currency, whole units as a KID writes them: "10 000 €", "€10,000". */
export function formatScenarioAmount(value: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
}

/**
 * …/{ISIN}/performance-scenarios.csv: the archive in the import's own columns (so a downloaded file can be imported
 * again), newest month first, then by holding period and scenario; amounts with two decimals, returns as fractions.
 */
export function scenariosCsv(isin: string, figures: readonly ScenarioFigure[]): string {
  const sorted = [...figures].sort(
    (a, b) =>
      (a.month < b.month ? 1 : a.month > b.month ? -1 : 0) ||
      a.holdingPeriodYears - b.holdingPeriodYears ||
      (SCENARIO_ORDER.get(a.scenario) ?? 0) - (SCENARIO_ORDER.get(b.scenario) ?? 0),
  );
  return toCsv([
    SCENARIO_HEADER.split(','),
    ...sorted.map((f) => [isin, f.month, f.scenario, f.holdingPeriodYears, f.amount.toFixed(2), Number(f.annualReturn.toFixed(6))]),
  ]);
}
