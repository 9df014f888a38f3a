import { describe, expect, it } from 'vitest';
import { parseRegistrationCsv, REGISTRATION_HEADER } from './registrations';

const ISIN = 'FR0010000001';

describe('parseRegistrationCsv', () => {
  it('reads rows in any column order and any case', () => {
    const result = parseRegistrationCsv(`date,Status,isin,country,investor_profile\n2024-01-02,Registered,${ISIN.toLowerCase()},es,retail\n2025-06-30,withdrawn,${ISIN},FR,CGP\n`);
    expect(result).toEqual({
      ok: true,
      rows: [
        { line: 2, isin: ISIN, country: 'ES', profile: 'RETAIL', status: 'registered', date: '2024-01-02' },
        { line: 3, isin: ISIN, country: 'FR', profile: 'CGP', status: 'withdrawn', date: '2025-06-30' },
      ],
    });
  });

  it('refuses the whole file and names every bad line', () => {
    const text = [REGISTRATION_HEADER, `${ISIN},FR,RETAIL,registered,2024-01-02`, `${ISIN},France,RETAIL,registered,2024-01-02`, `NOPE,FR,RETAIL,maybe,02/01/2024`, `${ISIN},FR,RETAIL,withdrawn,2024-05-02`].join('\n');
    const result = parseRegistrationCsv(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([
      [3, 'not-country'],
      [4, 'not-isin'],
      [4, 'not-status'],
      [4, 'not-date'],
      [5, 'duplicate-registration'],
    ]);
    expect(result.errors[4]?.message).toContain('line 2');
  });

  it('bounds the file: missing columns, no rows, too many rows, too large', () => {
    expect(parseRegistrationCsv('isin,country,status,date\n')).toMatchObject({ ok: false, errors: [{ code: 'header-missing', line: 1 }] });
    expect(parseRegistrationCsv(`${REGISTRATION_HEADER}\n\n`)).toMatchObject({ ok: false, errors: [{ code: 'no-rows' }] });
    const rows = Array.from({ length: 4 }, (_, i) => `${ISIN},F${String.fromCharCode(65 + i)},RETAIL,registered,2024-01-02`);
    expect(parseRegistrationCsv([REGISTRATION_HEADER, ...rows].join('\n'), { maxBytes: 10_000, maxRows: 3, maxLineLength: 200 })).toMatchObject({ ok: false, errors: [{ code: 'too-many-rows', line: 5 }] });
    expect(parseRegistrationCsv('x'.repeat(2048), { maxBytes: 1024, maxRows: 3, maxLineLength: 200 })).toMatchObject({ ok: false, errors: [{ code: 'file-too-large' }] });
  });
});
