import { describe, expect, it } from 'vitest';
import { fundHeadline, headlineShare, headlineValue, SHARE_HEADLINE_CODES, shareHeadline } from './headline';
import { makeFigure as figure, makeFund, makeShare } from '../funds/view.fixture';

describe('the headline figures of a share', () => {
  it('gives YTD, 1y, 3y, 5y and annualised since-inception figures, in that order, with the as-of date', () => {
    const row = shareHeadline(
      {
        lessThanOneYear: false,
        fetchedData: [figure('ytd', 0.0123), figure('1m', 0.5), figure('1y', -0.042), figure('3y', 0), figure('5y', null), figure('creation', 0.9), figure('creation_annu', 0.031)],
      },
      SHARE_HEADLINE_CODES,
    );
    expect(row).toEqual({
      status: 'figures',
      asOf: { date: '2026-11-20', formatted: '20 Nov 2026' },
      figures: [
        { code: 'ytd', value: 0.0123, displayValue: '+ 1.23%' },
        { code: '1y', value: -0.042, displayValue: '-4.20%' },
        { code: '3y', value: 0, displayValue: '0.00%' },
        { code: '5y', value: null, displayValue: '-' },
        { code: 'creation_annu', value: 0.031, displayValue: '+ 3.10%' },
      ],
    });
  });

  it('shows "-" for a figure that is not there at all, and no date without one', () => {
    const row = shareHeadline({ lessThanOneYear: false, fetchedData: [] }, SHARE_HEADLINE_CODES);
    expect(row).toEqual({ status: 'figures', asOf: null, figures: SHARE_HEADLINE_CODES.map((code) => ({ code, value: null, displayValue: '-' })) });
  });

  it('takes the as-of date from the figures asked for, not from others', () => {
    const undated = { ...figure('ytd', 0.01), date: null, dateTo: null };
    expect(shareHeadline({ lessThanOneYear: false, fetchedData: [figure('1m', 0.5), undated] }, ['ytd'])).toMatchObject({ asOf: null });
  });

  it('gives no figure for a share younger than a year (docs/product.md §4), even when figures were computed', () => {
    expect(shareHeadline({ lessThanOneYear: true, fetchedData: [figure('ytd', 0.05)] }, SHARE_HEADLINE_CODES)).toEqual({ status: 'young' });
  });
});

describe('the headline of a fund in lists', () => {
  it('is the YTD and 1-year figures of the main share, with their date, already formatted (docs/product.md §5)', () => {
    const main = makeShare({ name: 'C EUR', figures: { ytd: 0.0534, '1y': -0.012 } });
    const fund = makeFund({ shares: [makeShare({ name: 'I EUR', isMain: false }), main] });
    const headline = fundHeadline(fund);
    expect(headline.status).toBe('figures');
    if (headline.status !== 'figures') return;
    expect(headline.share.name).toBe('C EUR');
    expect(headline.figures.map((f) => [f.code, f.displayValue])).toEqual([
      ['ytd', '+ 5.34%'],
      ['1y', '-1.20%'],
    ]);
    expect(headline.asOf).toEqual({ date: '2026-11-20', formatted: '20 Nov 2026' });
  });

  it('shows "-" for a figure that does not exist', () => {
    const headline = fundHeadline(makeFund({ shares: [makeShare({ figures: { ytd: 0.01 } })] }));
    expect(headline.status === 'figures' && headline.figures[1]?.displayValue).toBe('-');
  });

  it('falls back to the first visible class when the profile may not see the main one', () => {
    const fund = makeFund({ shares: [makeShare({ name: 'C CHF H', isMain: false }), makeShare({ name: 'D EUR', isMain: false })] });
    expect(headlineShare(fund)?.name).toBe('C CHF H');
  });

  it('gives no figure for a share younger than a year (docs/product.md §4), only the reason', () => {
    const fund = makeFund({ shares: [makeShare({ name: 'R USD', lessThanOneYear: true, figures: { ytd: 0.03 } })] });
    expect(fundHeadline(fund)).toMatchObject({ status: 'young', share: { name: 'R USD' } });
    expect(headlineValue(fund, 'ytd')).toBeNull();
  });

  it('is nothing for a fund without a visible share class', () => {
    expect(fundHeadline(makeFund({ shares: [] }))).toEqual({ status: 'none' });
    expect(headlineValue(makeFund({ shares: [] }), '1y')).toBeNull();
  });

  it('gives the raw value for sorting', () => {
    const fund = makeFund({ shares: [makeShare({ figures: { ytd: 0.07, '1y': null } })] });
    expect(headlineValue(fund, 'ytd')).toBe(0.07);
    expect(headlineValue(fund, '1y')).toBeNull();
  });
});
