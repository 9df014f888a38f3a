import { describe, expect, it } from 'vitest';
import { DIVIDEND_HEADER, distributionsCsv, parseDividendCsv } from './csv';

const ISIN = 'FR0010000001';

describe('parseDividendCsv', () => {
  it('reads rows in any column order and case, keeping each amount as exact canonical text', () => {
    const result = parseDividendCsv(`Currency,amount,payment_date,record_date,ex_date,isin\neur,0.850000,2025-04-17,2025-04-15,2025-04-14,${ISIN.toLowerCase()}\nEUR,1.234567,2026-04-17,2026-04-14,2026-04-14,${ISIN}\n`);
    expect(result).toEqual({
      ok: true,
      rows: [
        { line: 2, isin: ISIN, exDate: '2025-04-14', recordDate: '2025-04-15', paymentDate: '2025-04-17', amount: '0.85', currency: 'EUR' },
        { line: 3, isin: ISIN, exDate: '2026-04-14', recordDate: '2026-04-14', paymentDate: '2026-04-17', amount: '1.234567', currency: 'EUR' },
      ],
    });
  });

  it('refuses the whole file and names every bad line with its reason', () => {
    const text = [
      DIVIDEND_HEADER,
      `${ISIN},2025-04-14,2025-04-15,2025-04-17,0.85,EUR`,
      `${ISIN},2024-04-14,2024-04-11,2024-04-17,0.85,EUR`,
      `${ISIN},2023-04-14,2023-04-15,2023-04-10,0.85,EUR`,
      `${ISIN},2022-04-14,2022-04-15,2022-04-17,0.1234567,EUR`,
      `${ISIN},2021-04-14,2021-04-15,2021-04-17,0,EUR`,
      `${ISIN},2020-04-14,2020-04-15,2020-04-17,"0,85",EURO`,
      `NOPE,14/04/2019,2019-04-15,2019-04-31,-1,EUR`,
      `${ISIN},2025-04-14,2025-04-16,2025-04-18,0.90,EUR`,
    ].join('\n');
    const result = parseDividendCsv(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([
      [3, 'record-before-ex'],
      [4, 'payment-before-record'],
      [5, 'not-dividend-amount'],
      [6, 'not-dividend-amount'],
      [7, 'not-dividend-amount'],
      [7, 'not-currency'],
      [8, 'not-isin'],
      [8, 'not-date'],
      [8, 'not-date'],
      [8, 'not-dividend-amount'],
      [9, 'duplicate-dividend'],
    ]);
    expect(result.errors[0]?.message).toBe('the record date 2024-04-11 is before the ex-date 2024-04-14');
    expect(result.errors.at(-1)?.message).toContain('line 2');
  });

  it('takes amounts up to numeric(18,6) and no float forms', () => {
    const row = (amount: string) => parseDividendCsv(`${DIVIDEND_HEADER}\n${ISIN},2025-04-14,2025-04-15,2025-04-17,${amount},EUR`);
    expect(row('999999999999.999999')).toMatchObject({ ok: true, rows: [{ amount: '999999999999.999999' }] });
    expect(row('12')).toMatchObject({ ok: true, rows: [{ amount: '12.00' }] });
    for (const bad of ['1000000000000', '1e2', '.5', '5.', '01.5', '0.000000', ' ', 'NaN']) expect(row(bad).ok, bad).toBe(false);
  });

  it('bounds the file: missing columns, no rows, too many rows, too large', () => {
    expect(parseDividendCsv('isin,ex_date,amount,currency\n')).toMatchObject({ ok: false, errors: [{ code: 'header-missing', line: 1 }] });
    expect(parseDividendCsv(`${DIVIDEND_HEADER}\n\n`)).toMatchObject({ ok: false, errors: [{ code: 'no-rows' }] });
    const rows = Array.from({ length: 4 }, (_, i) => `${ISIN},202${i}-04-14,202${i}-04-15,202${i}-04-17,1.00,EUR`);
    expect(parseDividendCsv([DIVIDEND_HEADER, ...rows].join('\n'), { maxBytes: 10_000, maxRows: 3, maxLineLength: 200 })).toMatchObject({ ok: false, errors: [{ code: 'too-many-rows', line: 5 }] });
    expect(parseDividendCsv('x'.repeat(2048), { maxBytes: 1024, maxRows: 3, maxLineLength: 200 })).toMatchObject({ ok: false, errors: [{ code: 'file-too-large' }] });
  });
});

describe('distributionsCsv', () => {
  it('writes the exact header and one line per dividend, newest first, amounts in canonical decimal text', () => {
    const csv = distributionsCsv([
      { exDate: '2024-04-15', recordDate: '2024-04-16', paymentDate: '2024-04-18', amount: '2.100000', currency: 'EUR' },
      { exDate: '2025-04-14', recordDate: '2025-04-15', paymentDate: '2025-04-17', amount: '0.85', currency: 'EUR' },
    ]);
    expect(csv).toBe('\uFEFFex_date,record_date,payment_date,amount,currency\r\n2025-04-14,2025-04-15,2025-04-17,0.85,EUR\r\n2024-04-15,2024-04-16,2024-04-18,2.10,EUR\r\n');
  });

  it('is a header alone for a share that has paid nothing yet, and can be imported back with its ISIN in front', () => {
    expect(distributionsCsv([])).toBe('\uFEFFex_date,record_date,payment_date,amount,currency\r\n');
    const csv = distributionsCsv([{ exDate: '2025-04-14', recordDate: '2025-04-15', paymentDate: '2025-04-17', amount: '0.123456', currency: 'USD' }]);
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    const back = parseDividendCsv([`isin,${lines[0]}`, ...lines.slice(1).map((l) => `${ISIN},${l}`)].join('\n'));
    expect(back).toMatchObject({ ok: true, rows: [{ isin: ISIN, exDate: '2025-04-14', amount: '0.123456', currency: 'USD' }] });
  });
});
