import { describe, expect, it } from 'vitest';
import { businessDays, simulateIndex } from './nav-model';
import { monthsBetween, simulateScenarios } from './scenario-model';

describe('the demo scenario archive', () => {
  const navs = simulateIndex(businessDays('2020-01-01', '2026-11-20'), 100, { annualDrift: 0.05, annualVol: 0.15, seed: 7 });
  const months = monthsBetween('2023-01', '2026-10');

  it('has a month from January 2023 to October 2026', () => {
    expect(months).toHaveLength(46);
    expect(months.slice(10, 14)).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
  });

  it('gives each month four ordered scenarios for one year and the recommended period, the same on every run', () => {
    const figures = simulateScenarios(navs, '2020-01-01', 5, months);
    expect(figures).toHaveLength(46 * 8);
    expect(simulateScenarios(navs, '2020-01-01', 5, months)).toEqual(figures);
    for (const month of months) {
      for (const years of [1, 5]) {
        const amounts = ['stress', 'unfavourable', 'moderate', 'favourable'].map(
          (s) => figures.find((f) => f.month === month && f.scenario === s && f.holdingPeriodYears === years)?.amount ?? Number.NaN,
        );
        expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
        expect(amounts[0]).toBeGreaterThan(0);
      }
    }
    const one = figures.find((f) => f.holdingPeriodYears === 5 && f.scenario === 'moderate');
    expect(one && (1 + one.annualReturn) ** 5 * 10_000).toBeCloseTo(one?.amount ?? 0, 0);
  });

  it('starts once the share is a year old, and gives one period when the recommended one is a year', () => {
    const figures = simulateScenarios(navs.filter((p) => p.date >= '2024-03-04'), '2024-03-04', 1, months);
    expect(figures[0]?.month).toBe('2025-03');
    expect(new Set(figures.map((f) => f.holdingPeriodYears))).toEqual(new Set([1]));
  });
});
