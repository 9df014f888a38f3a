import { describe, expect, it } from 'vitest';
import { csvError, readCsvTable, splitCsvLine } from './import';
import { parseNavCsv } from './navs';

describe('splitCsvLine', () => {
  it('reads quoted cells with commas and doubled quotes, and refuses an open quote', () => {
    expect(splitCsvLine('a, "b, c" ,"say ""hi"""')).toEqual(['a', 'b, c', 'say "hi"']);
    expect(splitCsvLine('a,"b')).toBeNull();
    expect(splitCsvLine('')).toEqual(['']);
  });
});

describe('csvError', () => {
  it('carries a code and its values for the back-office, and the English message for the CLI and the API', () => {
    expect(csvError(7, 'duplicate', { series: 'FR0014000AA1', date: '2026-11-19', previous: 2 })).toEqual({
      line: 7,
      code: 'duplicate',
      params: { series: 'FR0014000AA1', date: '2026-11-19', previous: 2 },
      message: 'FR0014000AA1 on 2026-11-19 already appears on line 2',
    });
  });
});

describe('import bounds', () => {
  const limits = { maxBytes: 200, maxRows: 3, maxLineLength: 40 };

  it('refuses a file larger than the limit before reading it', () => {
    expect(readCsvTable(`h\n${'x\n'.repeat(150)}`, 'h', limits)).toMatchObject({ ok: false, errors: [{ line: 1, message: 'the file is larger than 0 MB' }] });
  });

  it('refuses a file with too many rows, naming the first row over', () => {
    const result = parseNavCsv('isin,date,nav\nFR0014000AA1,2026-11-16,1\nFR0014000AA1,2026-11-17,1\n\nFR0014000AA1,2026-11-18,1\nFR0014000AA1,2026-11-19,1\n', limits);
    expect(result).toMatchObject({ ok: false, errors: [{ line: 6, message: 'the file has more than 3 rows: split it' }] });
  });

  it('reports a line too long or with an open quote beside the other bad rows, in line order', () => {
    const result = parseNavCsv(`isin,date,nav\nFR0014000AA1,2026-11-16,x\n${'y'.repeat(41)}\n"FR0014000AA1,2026-11-18,1\n`, limits);
    expect(result).toMatchObject({
      ok: false,
      errors: [
        { line: 2, message: '"x" is not a positive number with a dot as decimal separator' },
        { line: 3, message: 'the line is longer than 40 characters' },
        { line: 4, message: 'a quote is opened and never closed' },
      ],
    });
  });
});
