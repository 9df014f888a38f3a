import { describe, expect, it } from 'vitest';
import { headlineRow } from './headline-performance';
import { makeFigure as figure } from './fund-view.fixture';

describe('headlineRow', () => {
  it('gives YTD, 1y, 3y, 5y and annualised since-inception figures, in that order, with the as-of date', () => {
    const row = headlineRow({
      lessThanOneYear: false,
      fetchedData: [figure('ytd', 0.0123), figure('1m', 0.5), figure('1y', -0.042), figure('3y', 0), figure('5y', null), figure('creation', 0.9), figure('creation_annu', 0.031)],
    });
    expect(row).toEqual({
      status: 'figures',
      asOf: { date: '2026-11-20', formatted: '20 Nov 2026' },
      figures: [
        { code: 'ytd', displayValue: '+ 1.23%' },
        { code: '1y', displayValue: '-4.20%' },
        { code: '3y', displayValue: '0.00%' },
        { code: '5y', displayValue: '-' },
        { code: 'creation_annu', displayValue: '+ 3.10%' },
      ],
    });
  });

  it('shows "-" for a figure that is not there at all, and no date without one', () => {
    const row = headlineRow({ lessThanOneYear: false, fetchedData: [] });
    expect(row).toEqual({ status: 'figures', asOf: null, figures: ['ytd', '1y', '3y', '5y', 'creation_annu'].map((code) => ({ code, displayValue: '-' })) });
  });

  it('gives no figure for a share younger than a year, even when figures were computed', () => {
    expect(headlineRow({ lessThanOneYear: true, fetchedData: [figure('ytd', 0.05)] })).toEqual({ status: 'young' });
  });
});
