// How the expected figures were obtained:
// - "reference vectors": tests/vectors/performance-vectors.json, the binding worked cases of the methodology
//   (copied into the project), compared with relative error < 1e-9 (and null where they say null).
// - every other case: small series computed on paper from the docs/methodology.md definitions; the arithmetic is in the
//   comments beside each expectation.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import { benchmarkInput, computePerformance, PERFORMANCE_CODES, type NavPoint, type PerformanceCode } from './compute';

const VECTORS_PATH = fileURLToPath(new URL('../../../tests/vectors/performance-vectors.json', import.meta.url));

const vectorCase = z.object({
  name: z.string(),
  inceptionDate: z.string(),
  inceptionNav: z.number(),
  riskFreeRate: z.number(),
  navs: z.array(z.tuple([z.string(), z.number()])),
  expected: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null(), z.record(z.string(), z.number())])),
});
const vectors = z.array(vectorCase).parse(JSON.parse(readFileSync(VECTORS_PATH, 'utf8')));

/** docs/methodology.md "The vectors": the keys of `expected` that differ from the fetchedData codes. */
const VECTOR_KEY: Record<PerformanceCode, string> = {
  ytd: 'ytd', '1m': '1m', '3m': '3m', '6m': '6m', '1y': '1y', '3y': '3y', '5y': '5y', '10y': '10y',
  creation: 'sinceInception', creation_annu: 'creation_annu',
  '3y_annu': '3y_annu', '5y_annu': '5y_annu', '10y_annu': '10y_annu',
  vol_3y: 'vol_3y', vol_5y: 'vol_5y', sharpe_3y: 'sharpe_3y', sharpe_5y: 'sharpe_5y',
  max_drawdown_3y: 'maxDrawdown_3y', max_drawdown_5y: 'maxDrawdown_5y',
};

function expectClose(actual: number | null | undefined, expected: number, label: string): void {
  expect(actual, label).toBeTypeOf('number');
  const error = Math.abs((actual ?? Number.NaN) - expected);
  expect(error <= 1e-9 * Math.abs(expected) || error < 1e-15, `${label}: ${actual} vs ${expected}`).toBe(true);
}

const points = (...pairs: [string, number][]): NavPoint[] => pairs.map(([date, nav]) => ({ date, nav }));

describe('computePerformance on the reference vectors', () => {
  it('has the two worked cases', () => {
    expect(vectors.map((v) => v.name)).toEqual(['long-equity-12y', 'young-share']);
  });

  for (const vector of vectors) {
    it(`reproduces every figure of "${vector.name}"`, () => {
      const result = computePerformance({
        inceptionDate: vector.inceptionDate,
        inceptionNav: vector.inceptionNav,
        navs: points(...vector.navs),
        riskFreeRate: vector.riskFreeRate,
      });
      expect(result.asOf).toBe(vector.expected.asOf);
      expect(result.lessThanOneYear).toBe(vector.expected.lessThanOneYear);
      for (const code of PERFORMANCE_CODES) {
        const expected = vector.expected[VECTOR_KEY[code]];
        if (expected === null) expect(result.figures[code], code).toBeNull();
        else if (typeof expected === 'number') expectClose(result.figures[code], expected, code);
        else throw new Error(`vector key ${VECTOR_KEY[code]} is missing or not a number`);
      }
      const calendar = z.record(z.string(), z.number()).parse(vector.expected.calendarYears);
      const expectedYears = Object.keys(calendar).map(Number).sort((a, b) => b - a);
      expect(result.calendarYears.map((entry) => entry.year)).toEqual(expectedYears);
      for (const { year, value } of result.calendarYears) expectClose(value, calendar[String(year)] ?? Number.NaN, `calendar ${year}`);
    });
  }
});

describe('computePerformance on hand-computed series', () => {
  // Inception Mon 2021-01-04 at 100; T = Fri 2023-03-31 at 121. 2022-12-31 is a Saturday.
  const returnsCase = computePerformance({
    inceptionDate: '2021-01-04',
    inceptionNav: 100,
    riskFreeRate: 0.02,
    navs: points(['2021-01-04', 100], ['2021-06-30', 120], ['2021-12-31', 90], ['2022-12-30', 99], ['2023-02-28', 110], ['2023-03-31', 121]),
  });

  it('takes the NAV on or before each start date, clamping month ends', () => {
    const { figures } = returnsCase;
    expect(returnsCase.asOf).toBe('2023-03-31');
    expectClose(figures['1m'], 0.1, '1m'); // s = 31 Mar − 1 month = 28 Feb: 121 / 110 − 1
    expectClose(figures['3m'], 2 / 9, '3m'); // s = Sat 31 Dec 2022 → Fri 30 Dec (99): 121 / 99 − 1 = 22/99
    expectClose(figures.ytd, 2 / 9, 'ytd'); // same start as 3m
    expectClose(figures['6m'], 31 / 90, '6m'); // s = 30 Sep 2022 → 31 Dec 2021 (90): 121 / 90 − 1
    expectClose(figures['1y'], 31 / 90, '1y'); // s = 31 Mar 2022 → 90 again
    expect(figures['3y']).toBeNull(); // s = 31 Mar 2020, before inception
    expect(figures['3y_annu']).toBeNull();
    expect(figures.vol_3y).toBeNull();
    expect(figures.max_drawdown_3y).toBeNull();
  });

  it('annualises since inception over 365.25-day years', () => {
    expectClose(returnsCase.figures.creation, 0.21, 'creation'); // 121 / 100 − 1
    // 2021-01-04 → 2023-03-31 = 365 + 365 + 86 = 816 days
    expectClose(returnsCase.figures.creation_annu, 1.21 ** (365.25 / 816) - 1, 'creation_annu');
  });

  it('lists complete calendar years only', () => {
    // 2022: 99 / 90 − 1; 2021 is incomplete (31 Dec 2020 is before inception); 2023 is the YTD year.
    expect(returnsCase.calendarYears).toHaveLength(1);
    expect(returnsCase.calendarYears[0]?.year).toBe(2022);
    expectClose(returnsCase.calendarYears[0]?.value, 0.1, 'calendar 2022');
  });

  // Inception Fri 2020-01-03 at 100, up to 110 on 2021-06-15, down to 99 on 2022-03-15, T = Tue 2023-01-03.
  // The 3y window starts exactly at inception (allowed). It spans 1,096 days, so the observations are
  // T, T − 7, …, T − 1,092 (157 dates > s) plus s: 157 weekly returns, one +0.1, one −0.1, the rest 0.
  // Mean 0, sample variance 0.02 / 156, volatility √(0.02 / 156 × 52) = √(1 / 150).
  const riskCase = computePerformance({
    inceptionDate: '2020-01-03',
    inceptionNav: 100,
    riskFreeRate: 0.01,
    navs: points(['2020-01-03', 100], ['2021-06-15', 110], ['2022-03-15', 99], ['2023-01-03', 99]),
  });

  it('computes volatility, Sharpe and drawdown over a window starting at inception', () => {
    const { figures } = riskCase;
    expectClose(figures['3y'], -0.01, '3y'); // 99 / 100 − 1
    expectClose(figures['3y_annu'], 0.99 ** (1 / 3) - 1, '3y_annu');
    expectClose(figures.vol_3y, Math.sqrt(1 / 150), 'vol_3y');
    expectClose(figures.sharpe_3y, (0.99 ** (1 / 3) - 1 - 0.01) / Math.sqrt(1 / 150), 'sharpe_3y');
    expectClose(figures.max_drawdown_3y, -0.1, 'max_drawdown_3y'); // peak 110, then 99: 99 / 110 − 1
    expect(figures.vol_5y).toBeNull();
    expectClose(figures['1y'], -0.1, '1y'); // s = 3 Jan 2022 → 110: 99 / 110 − 1
    expect(figures.ytd).toBe(0); // s = 31 Dec 2022 → 99: 99 / 99 − 1
    expectClose(figures.creation_annu, 0.99 ** (365.25 / 1096) - 1, 'creation_annu');
    expect(riskCase.calendarYears.map((y) => y.year)).toEqual([2022, 2021]); // 2020 lacks 31 Dec 2019
    expectClose(riskCase.calendarYears[0]?.value, -0.1, '2022'); // 99 / 110 − 1
    expectClose(riskCase.calendarYears[1]?.value, 0.1, '2021'); // 110 / 100 − 1
  });
});

describe('computePerformance edge cases', () => {
  it('gives nothing without any NAV', () => {
    const result = computePerformance({ inceptionDate: '2024-01-02', inceptionNav: 100, navs: [], riskFreeRate: 0.02 });
    expect(result.asOf).toBeNull();
    expect(result.lessThanOneYear).toBe(true);
    expect(result.calendarYears).toEqual([]);
    for (const code of PERFORMANCE_CODES) expect(result.figures[code], code).toBeNull();
  });

  it('has no YTD when inception is after 31 December of the previous year', () => {
    const { figures } = computePerformance({
      inceptionDate: '2023-01-02', inceptionNav: 100, riskFreeRate: 0,
      navs: points(['2023-01-02', 100], ['2023-06-30', 105]),
    });
    expect(figures.ytd).toBeNull();
    expect(figures['6m']).toBeNull(); // s = 30 Dec 2022
    expectClose(figures['1m'], 0.05, '1m'); // s = 30 May → 100
  });

  it('has a YTD when inception is exactly 31 December of the previous year', () => {
    const { figures } = computePerformance({
      inceptionDate: '2021-12-31', inceptionNav: 100, riskFreeRate: 0,
      navs: points(['2021-12-31', 100], ['2022-06-30', 95]),
    });
    expectClose(figures.ytd, -0.05, 'ytd');
  });

  it('treats a share exactly 12 months old as one year old', () => {
    const navs = points(['2022-06-15', 100], ['2023-01-16', 104], ['2023-06-14', 107], ['2023-06-15', 108]);
    const oneYear = computePerformance({ inceptionDate: '2022-06-15', inceptionNav: 100, riskFreeRate: 0, navs });
    expect(oneYear.lessThanOneYear).toBe(false);
    expectClose(oneYear.figures['1y'], 0.08, '1y'); // s = inception: 108 / 100 − 1
    expectClose(oneYear.figures.creation_annu, 1.08 ** (365.25 / 365) - 1, 'creation_annu');

    const dayBefore = computePerformance({ inceptionDate: '2022-06-15', inceptionNav: 100, riskFreeRate: 0, navs: navs.slice(0, 3) });
    expect(dayBefore.lessThanOneYear).toBe(true);
    expect(dayBefore.figures['1y']).toBeNull();
    expect(dayBefore.figures.creation_annu).toBeNull();
    expectClose(dayBefore.figures.creation, 0.07, 'creation'); // still computed; the page decides to hide it
  });

  it('anchors on the inception NAV when the series starts after inception', () => {
    const { figures } = computePerformance({
      inceptionDate: '2021-01-04', inceptionNav: 100, riskFreeRate: 0,
      navs: points(['2021-02-01', 105], ['2022-01-04', 110]),
    });
    expectClose(figures['1y'], 0.1, '1y'); // s = 4 Jan 2021 = inception: 110 / 100 − 1
  });

  it('refuses NAVs out of order or not positive', () => {
    const base = { inceptionDate: '2021-01-04', inceptionNav: 100, riskFreeRate: 0 };
    expect(() => computePerformance({ ...base, navs: points(['2021-03-01', 101], ['2021-02-01', 102]) })).toThrow(RangeError);
    expect(() => computePerformance({ ...base, navs: points(['2021-02-01', 0]) })).toThrow(RangeError);
  });
});

describe('benchmarkInput', () => {
  // Share launched Mon 2021-01-04; the benchmark's last value on or before it is 200 (Thu 2020-12-31).
  const benchmark = points(['2020-12-31', 200], ['2021-01-05', 210], ['2021-05-28', 220], ['2021-06-30', 230]);

  it('anchors the benchmark at its value on or before the share inception', () => {
    const input = benchmarkInput('2021-01-04', benchmark, 0.02);
    expect(input).toMatchObject({ inceptionDate: '2021-01-04', inceptionNav: 200, riskFreeRate: 0.02 });
    if (input === null) throw new Error('expected an input');
    const { figures } = computePerformance(input);
    expectClose(figures.creation, 0.15, 'creation'); // 230 / 200 − 1
    expectClose(figures['1m'], 230 / 220 - 1, '1m'); // s = 30 May → Fri 28 May (220)
  });

  it('is null when the benchmark starts after the share', () => {
    expect(benchmarkInput('2020-06-01', benchmark, 0.02)).toBeNull();
  });
});
