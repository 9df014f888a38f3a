import { describe, expect, it } from 'vitest';
import { parseBenchmarkCsv } from './benchmarks';

describe('parseBenchmarkCsv', () => {
  it('reads benchmark values in any column order, codes in lower case', () => {
    expect(parseBenchmarkCsv('\uFEFFdate,value,Benchmark\r\n2026-11-19,1234.5,IDX-Europe-Equity\r\n')).toEqual({
      ok: true,
      rows: [{ line: 2, benchmark: 'idx-europe-equity', date: '2026-11-19', value: 1234.5 }],
    });
  });

  it('reports every bad row with its line and rejects the file whole', () => {
    const result = parseBenchmarkCsv(
      ['benchmark,date,value', 'idx-a,2026-11-19,10', 'idx a,2026-11-19,10', 'idx-a,2026-11-31,10', 'idx-a,2026-11-18,0', 'idx-a,2026-11-19,11'].join('\n'),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: [
        { line: 3, message: '"idx a" is not a benchmark code (letters, digits, - _ .)' },
        { line: 4, message: '"2026-11-31" is not a date in the form YYYY-MM-DD' },
        { line: 5, message: '"0" is not a positive number with a dot as decimal separator' },
        { line: 6, message: 'idx-a on 2026-11-19 already appears on line 2' },
      ],
    });
  });

  it('refuses a header without the value column and a file without rows', () => {
    expect(parseBenchmarkCsv('benchmark,date\nidx-a,2026-11-19')).toMatchObject({
      ok: false,
      errors: [{ line: 1, message: 'header lacks column(s) value: expected benchmark,date,value' }],
    });
    expect(parseBenchmarkCsv('benchmark,date,value\n').ok).toBe(false);
  });
});
