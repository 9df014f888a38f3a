import { describe, expect, it } from 'vitest';
import { costsCsv } from './costs-csv';
import { distributionView } from './view';
import type { ShareDistribution } from './data';
import { SAMPLE_DISTRIBUTION } from './sample.fixture';

const DATA: ShareDistribution = {
  ...SAMPLE_DISTRIBUTION,
  exAnte: { entry: 0.03, exit: 0.01, ongoing: 0.019, managementFee: 0.018, distributionFee: null, transaction: 0.0015, incidental: 0.0005 },
  exPost: null,
};

describe('costsCsv', () => {
  it('writes one row per year then the total, amounts with two decimals, the total as a percentage of the amount invested', () => {
    const view = distributionView(DATA, 3);
    const lines = costsCsv('FR00140A3K73', 'EUR', view.costs).split('\r\n');
    expect(lines[0]).toBe('\uFEFFisin,currency,amount_invested,holding_period_years,ex_ante_date,year,entry,ongoing,transaction,incidental,exit,total,total_percent');
    expect(lines).toHaveLength(6); // header, 3 years, total, and the empty string after the last CRLF
    expect(lines[5]).toBe('');
    // Year 1: 300 of entry, then 2.1 % a year of the 9,700 left: 184.30 ongoing, 14.55 transaction, 4.85 incidental.
    expect(lines[1]).toBe('FR00140A3K73,EUR,10000.00,3,2026-01-02,1,300.00,184.30,14.55,4.85,0.00,503.70,5.04');
    // Year 2: 2.1 % of 9,496.30, no one-off cost.
    expect(lines[2]).toBe('FR00140A3K73,EUR,10000.00,3,2026-01-02,2,0.00,180.43,14.24,4.75,0.00,199.42,1.99');
    const years = view.costs.illustration?.years ?? [];
    const last = years[2];
    expect(lines[3]).toBe(
      `FR00140A3K73,EUR,10000.00,3,2026-01-02,3,0.00,${last?.ongoing.toFixed(2)},${last?.transaction.toFixed(2)},${last?.incidental.toFixed(2)},${last?.exit.toFixed(2)},${last?.total.toFixed(2)},${((last?.share ?? 0) * 100).toFixed(2)}`,
    );
    expect(Number(last?.exit.toFixed(2))).toBeGreaterThan(90);
    const total = view.costs.illustration?.total;
    expect(lines[4]).toBe(
      `FR00140A3K73,EUR,10000.00,3,2026-01-02,total,300.00,${total?.ongoing.toFixed(2)},${total?.transaction.toFixed(2)},${total?.incidental.toFixed(2)},${total?.exit.toFixed(2)},${total?.total.toFixed(2)},${((total?.share ?? 0) * 100).toFixed(2)}`,
    );
    // The total is what is not redeemed of the amount invested.
    const redeemed = years[2]?.valueAfter ?? 0;
    expect(Number(total?.total.toFixed(2))).toBeCloseTo(10_000 - redeemed, 2);
  });

  it('writes the header alone when the holding period cannot be illustrated', () => {
    const view = distributionView(DATA, 0);
    expect(view.costs.illustration).toBeNull();
    expect(costsCsv('FR00140A3K73', 'EUR', view.costs)).toBe('\uFEFFisin,currency,amount_invested,holding_period_years,ex_ante_date,year,entry,ongoing,transaction,incidental,exit,total,total_percent\r\n');
  });
});
