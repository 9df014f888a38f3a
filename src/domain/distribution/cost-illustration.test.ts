import { describe, expect, it } from 'vitest';
import { costIllustration, IllustrationError, type ExAnteCosts } from './cost-illustration';

const NONE: ExAnteCosts = { entry: 0, exit: 0, ongoing: 0, transaction: 0, incidental: 0 };

describe('costIllustration', () => {
  it('takes the entry cost from the amount invested, the yearly costs from the value left, the exit cost from what is redeemed', () => {
    const { years, total, annualEffect } = costIllustration({ entry: 0.02, exit: 0.01, ongoing: 0.015, transaction: 0.001, incidental: 0.0005 }, 3);
    // Year 1: 200 of entry, then 1.65 % of 9,800.
    expect(years[0]?.entry).toBeCloseTo(200, 10);
    expect(years[0]?.ongoing).toBeCloseTo(147, 10);
    expect(years[0]?.transaction).toBeCloseTo(9.8, 10);
    expect(years[0]?.incidental).toBeCloseTo(4.9, 10);
    expect(years[0]?.valueAfter).toBeCloseTo(9800 * (1 - 0.0165), 10);
    // Year 2: 1.65 % of what is left; no one-off cost.
    expect(years[1]?.total).toBeCloseTo(9800 * (1 - 0.0165) * 0.0165, 10);
    expect(years[1]?.entry).toBe(0);
    expect(years[1]?.exit).toBe(0);
    // Year 3 ends with the exit cost on the value redeemed.
    const beforeExit = 9800 * (1 - 0.0165) ** 3;
    expect(years[2]?.exit).toBeCloseTo(beforeExit * 0.01, 10);
    const redeemed = beforeExit * 0.99;
    expect(years[2]?.valueAfter).toBeCloseTo(redeemed, 10);
    // The years add up to the total, which is what the investor does not get back.
    expect(total.total).toBeCloseTo(years.reduce((s, y) => s + y.total, 0), 10);
    expect(total.total).toBeCloseTo(10_000 - redeemed, 10);
    expect(total.share).toBeCloseTo((10_000 - redeemed) / 10_000, 12);
    expect(annualEffect).toBeCloseTo(1 - (redeemed / 10_000) ** (1 / 3), 12);
    expect(years.map((y) => y.share)).toEqual(years.map((y) => y.total / 10_000));
  });

  it('shows the spike of the one-off costs in the first and last years', () => {
    const { years } = costIllustration({ ...NONE, entry: 0.03, exit: 0.02, ongoing: 0.01 }, 5);
    const [first, second, , , last] = years;
    expect(first?.total).toBeGreaterThan(2 * (second?.total ?? 0));
    expect(last?.total).toBeGreaterThan(2 * (second?.total ?? 0));
  });

  it('costs nothing without costs, and a year held once has its entry and exit costs in the same year', () => {
    const none = costIllustration(NONE, 5);
    expect(none.total.total).toBe(0);
    expect(none.annualEffect).toBe(0);
    expect(none.years.at(-1)?.valueAfter).toBe(10_000);
    const one = costIllustration({ ...NONE, entry: 0.01, exit: 0.01 }, 1);
    expect(one.years).toHaveLength(1);
    expect(one.years[0]?.entry).toBeCloseTo(100, 10);
    expect(one.years[0]?.exit).toBeCloseTo(99, 10);
  });

  it('works for another amount, in the share’s currency', () => {
    const costs = { ...NONE, ongoing: 0.012 };
    const small = costIllustration(costs, 4);
    const large = costIllustration(costs, 4, 1_000_000);
    expect(large.total.total).toBeCloseTo(small.total.total * 100, 6);
    expect(large.total.share).toBeCloseTo(small.total.share, 12);
  });

  it('refuses a holding period or a cost it cannot illustrate honestly', () => {
    for (const years of [0, -1, 2.5, 51, Number.NaN]) expect(() => costIllustration(NONE, years)).toThrow(IllustrationError);
    for (const bad of [{ entry: -0.01 }, { ongoing: 1.5 }, { exit: 5 }, { transaction: Number.NaN }, { incidental: Number.POSITIVE_INFINITY }, { ongoing: 0.6, transaction: 0.5 }]) {
      expect(() => costIllustration({ ...NONE, ...bad }, 5)).toThrow(IllustrationError);
    }
    expect(() => costIllustration(NONE, 5, 0)).toThrow(IllustrationError);
  });
});
