import { describe, expect, it } from 'vitest';
import type { FetchedData } from '../model';
import { parseNavCsv } from './navs';
import { csvCell, toCsv } from './write';
import { downloadFileName, isShareDownload, navHistoryCsv, performanceCsv } from './share-downloads';

const lines = (csv: string) => csv.slice(1).split('\r\n');

describe('csvCell and toCsv', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('C EUR')).toBe('C EUR');
    expect(csvCell('Volatility, 3 years')).toBe('"Volatility, 3 years"');
    expect(csvCell('the "C" share')).toBe('"the ""C"" share"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(-1.5)).toBe('-1.5');
  });

  it('defuses text a spreadsheet would run as a formula, not negative numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('-1.23')).toBe('-1.23');
  });

  it('starts with a byte-order mark and ends every line with CRLF', () => {
    expect(toCsv([['a', 1], ['b', null]])).toBe('\uFEFFa,1\r\nb,\r\n');
  });
});

describe('navHistoryCsv', () => {
  const navs = [
    { date: '2019-10-01', nav: 100 },
    { date: '2019-10-02', nav: 100.1234 },
    { date: '2019-10-03', nav: 99.98765432 },
  ];
  const csv = navHistoryCsv('LU2033672150', 'EUR', navs);

  it('has a header row, ISO dates, a dot as decimal point and the currency on every row', () => {
    expect(lines(csv)).toEqual([
      'isin,date,nav,currency',
      'LU2033672150,2019-10-01,100,EUR',
      'LU2033672150,2019-10-02,100.1234,EUR',
      'LU2033672150,2019-10-03,99.987654,EUR',
      '',
    ]);
  });

  it('can be imported again by npm run import:navs', () => {
    const parsed = parseNavCsv(csv);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.rows.map((r) => [r.isin, r.date, r.nav])).toEqual([
      ['LU2033672150', '2019-10-01', 100],
      ['LU2033672150', '2019-10-02', 100.1234],
      ['LU2033672150', '2019-10-03', 99.987654],
    ]);
  });
});

describe('performanceCsv', () => {
  const figure = (code: FetchedData['code'], value: number | null, benchmarkValue: number | null): FetchedData => ({
    code,
    value,
    benchmarkValue,
    displayValue: '',
    benchmarkDisplayValue: '',
    date: '2026-11-20',
    dateTo: '',
  });
  const csv = performanceCsv(
    {
      isin: 'FR00140A3K73',
      currency: 'EUR',
      asOf: '2026-11-20',
      figures: [figure('ytd', 0.012345, -0.0042), figure('sharpe_3y', 0.456, null), figure('10y', null, null)],
      calendarYears: [
        { year: 2024, value: 0.1, benchmark: 0.08 },
        { year: 2025, value: -0.01234, benchmark: null },
      ],
    },
    { figure: (code) => `label ${code}`, group: (group) => group.toUpperCase() },
  );
  const rows = lines(csv);

  it('has a header row and one row per figure: cumulative, annualised, risk, then calendar years newest first', () => {
    expect(rows[0]).toBe('isin,currency,as_of,group,code,label,share,benchmark,unit');
    expect(rows.slice(1, -1).map((r) => r.split(',')[4])).toEqual([
      'ytd', '1m', '3m', '6m', '1y', '3y', '5y', '10y', 'creation',
      '3y_annu', '5y_annu', '10y_annu', 'creation_annu',
      'vol_3y', 'vol_5y', 'sharpe_3y', 'sharpe_5y', 'max_drawdown_3y', 'max_drawdown_5y',
      'year_2025', 'year_2024',
    ]);
  });

  it('writes returns in percent with two decimals, ratios plain, an empty cell for a missing figure', () => {
    expect(rows[1]).toBe('FR00140A3K73,EUR,2026-11-20,CUMULATIVE,ytd,label ytd,1.23,-0.42,%');
    expect(rows.find((r) => r.includes(',sharpe_3y,'))).toBe('FR00140A3K73,EUR,2026-11-20,RISK,sharpe_3y,label sharpe_3y,0.46,,ratio');
    expect(rows.find((r) => r.includes(',10y,'))).toBe('FR00140A3K73,EUR,2026-11-20,CUMULATIVE,10y,label 10y,,,%');
    expect(rows.find((r) => r.includes(',year_2025,'))).toBe('FR00140A3K73,EUR,2026-11-20,CALENDAR,year_2025,2025,-1.23,,%');
    expect(rows.find((r) => r.includes(',year_2024,'))).toBe('FR00140A3K73,EUR,2026-11-20,CALENDAR,year_2024,2024,10.00,8.00,%');
  });
});

describe('download names', () => {
  it('accepts only the two files', () => {
    expect(isShareDownload('nav-history.csv')).toBe(true);
    expect(isShareDownload('performance.csv')).toBe(true);
    expect(isShareDownload('../secret')).toBe(false);
  });

  it('names the file after the ISIN, its content and its date', () => {
    expect(downloadFileName('FR00140A3K73', 'nav-history.csv', '2026-11-20')).toBe('FR00140A3K73-nav-history-2026-11-20.csv');
  });
});
