import { describe, expect, it } from 'vitest';
import { parseScenarioCsv } from './scenarios';
import { scenarioMonths, scenariosCsv } from '../performance/scenarios';

const HEADER = 'isin,month,scenario,holding_period_years,amount,annual_return';
const ISIN = 'FR00140A3K73';
const month = (m: string, years: number[] = [1, 5]) =>
  years.flatMap((y) =>
    [
      ['stress', 3120, -0.688],
      ['unfavourable', 8450.5, -0.1549],
      ['moderate', 10620, 0.062],
      ['favourable', 13980.25, 0.398],
    ].map(([s, a, r]) => `${ISIN},${m},${s},${y},${a},${r}`),
  );

describe('parseScenarioCsv', () => {
  it('reads a month of four scenarios for one year and the recommended period, columns in any order', () => {
    const result = parseScenarioCsv([HEADER, ...month('2026-10')].join('\n'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows).toHaveLength(8);
    expect(result.rows[1]).toEqual({ line: 3, isin: ISIN, month: '2026-10', scenario: 'unfavourable', holdingPeriodYears: 1, amount: 8450.5, annualReturn: -0.1549 });
    const reordered = parseScenarioCsv(['annual_return,amount,holding_period_years,scenario,month,isin', ...month('2026-10', [1]).map((l) => l.split(',').reverse().join(','))].join('\n'));
    expect(reordered.ok).toBe(true);
  });

  it('refuses the whole file and names the line of every bad row', () => {
    const lines = [HEADER, ...month('2026-10', [1])];
    lines[2] = `${ISIN},2026-13,unfavourable,1,8450.5,-0.1549`;
    lines[3] = `${ISIN},2026-10,moderate,0,10620,0.062`;
    lines[4] = `${ISIN},2026-10,favourable,1,-5,-1.5`;
    lines.push(`XX,2026-10,awful,1,1,0`);
    const result = parseScenarioCsv(lines.join('\n'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([
      [2, 'scenario-incomplete'],
      [3, 'not-month'],
      [4, 'not-holding-period'],
      [5, 'not-amount'],
      [5, 'not-annual-return'],
      [6, 'not-isin'],
      [6, 'not-scenario'],
    ]);
  });

  it('refuses a month without its four scenarios, without its one-year period, or given twice', () => {
    const missing = parseScenarioCsv([HEADER, ...month('2026-10').filter((l) => !l.includes(',stress,5,'))].join('\n'));
    expect(missing.ok === false && missing.errors.map((e) => e.code)).toEqual(['scenario-incomplete']);
    expect(missing.ok === false && missing.errors[0]?.message).toContain('stress');
    const noOneYear = parseScenarioCsv([HEADER, ...month('2026-10', [5])].join('\n'));
    expect(noOneYear.ok === false && noOneYear.errors.map((e) => e.code)).toEqual(['no-one-year']);
    const twice = parseScenarioCsv([HEADER, ...month('2026-10', [1]), month('2026-10', [1])[0]].join('\n'));
    expect(twice.ok === false && twice.errors.map((e) => [e.line, e.code])).toEqual([[6, 'duplicate-scenario']]);
  });

  it('refuses a header without its columns and a file without rows', () => {
    const result = parseScenarioCsv('isin,month,scenario\n');
    expect(result.ok === false && result.errors[0]?.code).toBe('header-missing');
    expect(parseScenarioCsv(`${HEADER}\n`)).toMatchObject({ ok: false, errors: [{ code: 'no-rows' }] });
  });
});

describe('the archive', () => {
  const figures = [...month('2026-09'), ...month('2026-10')].map((l) => {
    const [, m, scenario, years, amount, annualReturn] = l.split(',');
    return { month: m as string, scenario: scenario as 'stress', holdingPeriodYears: Number(years), amount: Number(amount), annualReturn: Number(annualReturn) };
  });

  it('groups the figures by month, newest first, one year before the recommended period', () => {
    const months = scenarioMonths(figures);
    expect(months.map((m) => m.month)).toEqual(['2026-10', '2026-09']);
    expect(months[0]?.periods).toEqual([1, 5]);
    expect(months[0]?.figures.favourable[5]).toEqual({ amount: 13980.25, annualReturn: 0.398 });
  });

  it('downloads in the import’s own columns, so the file can be imported again', () => {
    const csv = scenariosCsv(ISIN, figures);
    const parsed = parseScenarioCsv(csv);
    expect(parsed.ok).toBe(true);
    expect(csv.split('\r\n')[1]).toBe(`${ISIN},2026-10,stress,1,3120.00,-0.688`);
  });
});
