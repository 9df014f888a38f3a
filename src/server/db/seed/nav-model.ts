import 'server-only';
import { addDays, toEpochDay, type IsoDate } from '@/domain/dates';
import type { NavPoint } from '@/domain/performance/compute';

/**
 * Deterministic simulated prices for the demo fund house: the same parameters give the
 * same series on every machine and every day, so seeding twice gives the same database.
 */

/** mulberry32: a small, well-distributed 32-bit PRNG; plenty for demo prices. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws by Box-Muller. */
export function normal(random: () => number): () => number {
  return () => {
    const u = Math.max(random(), Number.EPSILON);
    const v = random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

const CLOSED = new Set(['01-01', '05-01', '12-25']);

/** Business days from start to end inclusive: weekdays, without 1 January, 1 May and 25 December. */
export function businessDays(start: IsoDate, end: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) {
    const weekday = (((toEpochDay(day) + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday: 0 = Monday
    if (weekday < 5 && !CLOSED.has(day.slice(5))) days.push(day);
  }
  return days;
}

const TRADING_DAYS = 252;

/** A geometric random walk: daily log-returns with the given annual drift and volatility. */
export function simulateIndex(
  days: IsoDate[],
  startValue: number,
  model: { annualDrift: number; annualVol: number; seed: number },
): NavPoint[] {
  const draw = normal(prng(model.seed));
  const mu = model.annualDrift / TRADING_DAYS;
  const sigma = model.annualVol / Math.sqrt(TRADING_DAYS);
  let value = startValue;
  return days.map((date, i) => {
    if (i > 0) value *= Math.exp(mu - (sigma * sigma) / 2 + sigma * draw());
    return { date, nav: round(value, 4) };
  });
}

/**
 * A share's NAVs from its inception: beta times the benchmark's daily log-return plus its own
 * noise and drift, so the chart against the benchmark looks like a real fund's.
 */
export function simulateShare(
  benchmark: NavPoint[],
  inception: { date: IsoDate; nav: number },
  end: IsoDate,
  model: { annualDrift: number; annualVol: number; seed: number; beta: number },
): NavPoint[] {
  const draw = normal(prng(model.seed));
  const benchmarkByDate = new Map(benchmark.map((p) => [p.date, p.nav]));
  const days = businessDays(inception.date, end);
  const ownVol = Math.sqrt(Math.max(model.annualVol ** 2 - (model.beta * 0.15) ** 2, (model.annualVol * 0.3) ** 2));
  const sigma = ownVol / Math.sqrt(TRADING_DAYS);
  const mu = model.annualDrift / TRADING_DAYS;
  let value = inception.nav;
  let previousBenchmark: number | undefined;
  return days.map((date, i) => {
    const bench = benchmarkByDate.get(date);
    if (i > 0) {
      const benchReturn = bench !== undefined && previousBenchmark !== undefined ? Math.log(bench / previousBenchmark) : 0;
      value *= Math.exp(mu * (1 - model.beta) + model.beta * benchReturn + sigma * draw() - (sigma * sigma) / 2);
    }
    if (bench !== undefined) previousBenchmark = bench;
    return { date, nav: i === 0 ? inception.nav : round(value, 4) };
  });
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
