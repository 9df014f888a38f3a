import 'server-only';
import { daysInMonth, type IsoDate } from '@/domain/dates';
import type { NavPoint } from '@/domain/performance/compute';
import { SCENARIO_INVESTMENT, type Scenario } from '@/domain/csv/scenarios';
import type { ScenarioFigure } from '@/domain/performance/scenarios';

/**
 * The demo's archive of previous performance scenarios: what a KID producer would have published each month since
 * January 2023 (when UCITS moved to the PRIIPs KID), deterministic so that seeding twice gives the same database.
 * Each month uses the share's daily NAVs up to the month's end (the last five years at most): the annual drift and
 * volatility of their log-returns give lognormal outcomes over the holding period at the 10th percentile
 * (unfavourable), the median (moderate) and the 90th (favourable); the stress scenario takes the 1st percentile
 * of a volatility raised by half. Months before the share's first full year have no scenario.
 */
export const DEMO_SCENARIOS_FROM = '2023-01';

const TRADING_DAYS = 252;
const LOOKBACK_DAYS = 5 * TRADING_DAYS;
const Z: Record<Scenario, number> = { stress: -2.3263, unfavourable: -1.2816, moderate: 0, favourable: 1.2816 };

/** The months from `from` to `to` (YYYY-MM), oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  for (;;) {
    const text = `${year}-${String(month).padStart(2, '0')}`;
    if (text > to) return months;
    months.push(text);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

function monthEnd(month: string): IsoDate {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(daysInMonth(year, m)).padStart(2, '0')}`;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The scenarios of one share for every month of `months` it was at least a year old at the month's end. */
export function simulateScenarios(navs: readonly NavPoint[], inceptionDate: IsoDate, recommendedYears: number, months: readonly string[]): ScenarioFigure[] {
  const figures: ScenarioFigure[] = [];
  const periods = [...new Set([1, Math.max(1, Math.round(recommendedYears))])];
  let end = 0; // index past the last NAV on or before the month's end
  for (const month of months) {
    const last = monthEnd(month);
    const [y, m, d] = inceptionDate.split('-');
    if (`${Number(y) + 1}-${m}-${d}` > last) continue;
    while (end < navs.length && (navs[end] as NavPoint).date <= last) end += 1;
    const start = Math.max(1, end - LOOKBACK_DAYS);
    const returns: number[] = [];
    for (let i = start; i < end; i += 1) returns.push(Math.log((navs[i] as NavPoint).nav / (navs[i - 1] as NavPoint).nav));
    if (returns.length < TRADING_DAYS / 2) continue;
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const variance = returns.reduce((a, b) => a + (b - mean) ** 2, 0) / (returns.length - 1);
    const mu = mean * TRADING_DAYS;
    const sigma = Math.sqrt(variance * TRADING_DAYS);
    for (const years of periods) {
      for (const scenario of Object.keys(Z) as Scenario[]) {
        const vol = scenario === 'stress' ? sigma * 1.5 : sigma;
        const growth = Math.exp(mu * years - 0.5 * vol * vol * years + Z[scenario] * vol * Math.sqrt(years));
        const amount = round(SCENARIO_INVESTMENT * growth, 2);
        figures.push({ month, scenario, holdingPeriodYears: years, amount, annualReturn: round((amount / SCENARIO_INVESTMENT) ** (1 / years) - 1, 6) });
      }
    }
  }
  return figures;
}
