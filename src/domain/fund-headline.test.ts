import { describe, expect, it } from 'vitest';
import { makeFund, makeShare } from './fund-view.fixture';
import { headlinePerformance, headlineShare, headlineValue } from './fund-headline';

describe('headline performance of a fund', () => {
  it('is the YTD and 1-year figures of the main share, with their date, already formatted (SPEC §5)', () => {
    const main = makeShare({ name: 'C EUR', figures: { ytd: 0.0534, '1y': -0.012 } });
    const fund = makeFund({ shares: [makeShare({ name: 'I EUR', isMain: false }), main] });
    const headline = headlinePerformance(fund);
    expect(headline.status).toBe('figures');
    if (headline.status !== 'figures') return;
    expect(headline.share.name).toBe('C EUR');
    expect(headline.figures.map((f) => [f.code, f.displayValue])).toEqual([
      ['ytd', '+ 5.34%'],
      ['1y', '-1.20%'],
    ]);
    expect(headline.asOf).toBe('20 Nov 2026');
  });

  it('shows "-" for a figure that does not exist', () => {
    const headline = headlinePerformance(makeFund({ shares: [makeShare({ figures: { ytd: 0.01 } })] }));
    expect(headline.status === 'figures' && headline.figures[1]?.displayValue).toBe('-');
  });

  it('falls back to the first visible class when the profile may not see the main one', () => {
    const fund = makeFund({ shares: [makeShare({ name: 'C CHF H', isMain: false }), makeShare({ name: 'D EUR', isMain: false })] });
    expect(headlineShare(fund)?.name).toBe('C CHF H');
  });

  it('gives no figure for a share younger than a year (SPEC §4), only the reason', () => {
    const fund = makeFund({ shares: [makeShare({ lessThanOneYear: true, figures: { ytd: 0.03 } })] });
    expect(headlinePerformance(fund)).toMatchObject({ status: 'too-young' });
    expect(headlineValue(fund, 'ytd')).toBeNull();
  });

  it('is nothing for a fund without a visible share class', () => {
    expect(headlinePerformance(makeFund({ shares: [] }))).toEqual({ status: 'none' });
    expect(headlineValue(makeFund({ shares: [] }), '1y')).toBeNull();
  });

  it('gives the raw value for sorting', () => {
    const fund = makeFund({ shares: [makeShare({ figures: { ytd: 0.07, '1y': null } })] });
    expect(headlineValue(fund, 'ytd')).toBe(0.07);
    expect(headlineValue(fund, '1y')).toBeNull();
  });
});
