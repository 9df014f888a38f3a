import { describe, expect, it } from 'vitest';
import { isDividendAmount } from '@/domain/dividends/model';
import { demoDividends } from './dividend-model';
import { businessDays } from './nav-model';

const series = businessDays('2019-06-03', '2026-11-20').map((date, i) => ({ date, nav: 100 + i * 0.01 }));

describe('the demo dividends', () => {
  it('are annual, in spring, ordered dates, a plausible share of the NAV, and the same for the same ISIN', () => {
    const dividends = demoDividends('FR0000000001', 'EUR', series);
    // 2020 (the first spring six months after June 2019) to 2026.
    expect(dividends.map((d) => d.exDate.slice(0, 4))).toEqual(['2020', '2021', '2022', '2023', '2024', '2025', '2026']);
    for (const d of dividends) {
      expect(['03', '04', '05']).toContain(d.exDate.slice(5, 7));
      expect(d.recordDate > d.exDate).toBe(true);
      expect(d.paymentDate > d.recordDate).toBe(true);
      expect(isDividendAmount(d.amount)).toBe(true);
      expect(d.amount).toMatch(/^\d+\.\d{2}$/);
      const nav = series.find((p) => p.date < d.exDate && series[series.indexOf(p) + 1]?.date === d.exDate)?.nav ?? 0;
      expect(Number(d.amount) / nav).toBeGreaterThanOrEqual(0.0149);
      expect(Number(d.amount) / nav).toBeLessThanOrEqual(0.0351);
      expect(d.currency).toBe('EUR');
    }
    expect(demoDividends('FR0000000001', 'EUR', series)).toEqual(dividends);
    expect(demoDividends('FR0000000002', 'EUR', series)).not.toEqual(dividends);
  });

  it('gives nothing to a share too young for its first spring', () => {
    expect(demoDividends('FR0000000001', 'EUR', businessDays('2026-09-01', '2026-11-20').map((date) => ({ date, nav: 100 })))).toEqual([]);
  });
});
