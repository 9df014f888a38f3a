import { describe, expect, it } from 'vitest';
import { parseNavCsv } from './navs';

describe('parseNavCsv', () => {
  it('reads rows with their line numbers, in any column order, with a BOM and CRLF', () => {
    const result = parseNavCsv('\uFEFFdate,ISIN,nav\r\n2026-11-19,fr0014000aa1,101.25\r\n\r\n2026-11-20,FR0014000AA1,102\r\n');
    expect(result).toEqual({
      ok: true,
      rows: [
        { line: 2, isin: 'FR0014000AA1', date: '2026-11-19', nav: 101.25 },
        { line: 4, isin: 'FR0014000AA1', date: '2026-11-20', nav: 102 },
      ],
    });
  });

  it('reports every bad row with its line number and rejects the whole file', () => {
    const result = parseNavCsv(
      ['isin,date,nav', 'FR0014000AA1,2026-11-19,100', 'XX12,2026-11-19,100', 'FR0014000AA1,2026-02-30,100', 'FR0014000AA1,2026-11-18,-1', 'FR0014000AA1,2026-11-17,1,5', 'FR0014000AA1,2026-11-19,100.5'].join('\n'),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7]);
    expect(result.errors[0]?.message).toContain('not an ISIN');
    expect(result.errors[1]?.message).toContain('not a date');
    expect(result.errors[2]?.message).toContain('positive number');
    expect(result.errors[3]?.message).toBe('expected 3 columns, found 4');
    expect(result.errors[4]?.message).toBe('FR0014000AA1 on 2026-11-19 already appears on line 2');
  });

  it('refuses a decimal comma, a missing header column and an empty file', () => {
    expect(parseNavCsv('isin,date,nav\nFR0014000AA1,2026-11-19,"100,5"').ok).toBe(false);
    expect(parseNavCsv('isin,nav\nFR0014000AA1,100')).toMatchObject({
      ok: false,
      errors: [{ line: 1, message: 'header lacks column(s) date: expected isin,date,nav' }],
    });
    expect(parseNavCsv('\n\n').ok).toBe(false);
    expect(parseNavCsv('isin,date,nav\n').ok).toBe(false);
  });
});
