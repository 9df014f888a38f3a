import { describe, expect, it } from 'vitest';
import { decimal, emtDateTime, emtFlagIn, emtRow, findatexTable, type EmtShare } from './emt';
import { TEMPLATES } from './templates';
import { validateRow } from './validate';
import { SAMPLE_EMT_SHARE } from '../sample.fixture';

const SHARE: EmtShare = { ...SAMPLE_EMT_SHARE, manufacturer: { name: 'Aurore Gestion', lei: '969500ABCDEFGHIJKL12', email: null } };
const AT = new Date('2026-11-28T14:05:09.123Z');

describe('emtRow', () => {
  it('fills every mandatory field of EMT V4.3 in its codification', () => {
    const row = emtRow(SHARE, AT);
    expect(validateRow(TEMPLATES['emt-4.3'].fields, row, emtFlagIn(row))).toEqual([]);
    expect(row['00001_EMT_Version']).toBe('V4.3');
    expect(row['00005_File_Generation_Date_And_Time']).toBe('2026-11-28 14:05:09');
    expect(row['07100_Financial_Instrument_Gross_Ongoing_Costs']).toBe('0.0185');
    expect(row['04010_Risk_Tolerance_PRIIPS_Methodology']).toBe('4');
    expect(row['05080_Minimum_Recommended_Holding_Period']).toBe('5');
  });

  it('and of V4.2, which has its own version and not the fields V4.3 added', () => {
    const row = emtRow(SHARE, AT, 'emt-4.2');
    expect(row['00001_EMT_Version']).toBe('V4.2');
    expect(validateRow(TEMPLATES['emt-4.2'].fields, row, emtFlagIn(row))).toEqual([]);
    const codes = new Set(TEMPLATES['emt-4.2'].fields.map((f) => f.code));
    expect(Object.keys(row).every((code) => codes.has(code))).toBe(true);
  });

  it('reports no ex-post costs for a share without a past year, and then needs none', () => {
    const row = emtRow({ ...SHARE, exPost: null }, AT);
    expect(row['00008_EMT_Data_Reporting_Ex_Post']).toBe('N');
    expect(row['08030_Financial_Instrument_Ongoing_Costs_Ex_Post']).toBeUndefined();
    expect(validateRow(TEMPLATES['emt-4.3'].fields, row, emtFlagIn(row))).toEqual([]);
    // Saying Y without the figures is refused.
    const lying = { ...row, '00008_EMT_Data_Reporting_Ex_Post': 'Y' };
    expect(validateRow(TEMPLATES['emt-4.3'].fields, lying, emtFlagIn(lying)).map((e) => e.code)).toContain('08030_Financial_Instrument_Ongoing_Costs_Ex_Post');
  });
});

describe('findatexTable', () => {
  it('writes the header of every field code in the template order, and each row under it', () => {
    const table = findatexTable('emt-4.3', [emtRow(SHARE, AT)]);
    expect(table[0]).toEqual(TEMPLATES['emt-4.3'].fields.map((f) => f.code));
    expect(table[1]).toHaveLength(table[0]?.length ?? 0);
    expect(table[1]?.[table[0]?.indexOf('00010_Financial_Instrument_Identifying_Data') ?? -1]).toBe('FR0010135103');
    expect(table[1]?.[table[0]?.indexOf('00004_EMT_Producer_Email') ?? -1]).toBe('');
  });
});

describe('decimal and emtDateTime', () => {
  it('write fractions without exponent or binary noise', () => {
    expect(decimal(0.0115)).toBe('0.0115');
    expect(decimal(0.1 + 0.2)).toBe('0.3');
    expect(decimal(1e-7)).toBe('0.0000001');
    expect(decimal(0)).toBe('0');
    expect(decimal(-0)).toBe('0');
    expect(decimal(5)).toBe('5');
    expect(() => decimal(Number.NaN)).toThrow(RangeError);
    expect(emtDateTime(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02 03:04:05');
  });
});
