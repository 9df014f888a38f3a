import { describe, expect, it } from 'vitest';
import { CURRENT, TEMPLATES } from './templates';
import { checkValue, isValidIsin, validateRow } from './validate';

describe('the FinDatEx templates', () => {
  it('hold every field of the published templates once, in their order, each with a flag and a codification', () => {
    const counts = { 'emt-4.3': 114, 'emt-4.2': 111, 'ept-2.1': 144, 'eet-1.1.2': 616 };
    for (const [key, template] of Object.entries(TEMPLATES)) {
      const codes = template.fields.map((f) => f.code);
      expect(codes, key).toHaveLength(counts[key as keyof typeof counts]);
      expect(new Set(codes).size, key).toBe(codes.length);
      // Codes start with their number, and the numbers only grow along the file.
      const numbers = codes.map((c) => Number(/^(\d+)_/.exec(c)?.[1]));
      expect(numbers.every((n) => Number.isInteger(n)), key).toBe(true);
      expect(numbers.every((n, i) => i === 0 || n > (numbers[i - 1] ?? 0)), key).toBe(true);
      for (const field of template.fields) expect(['text', 'enum', 'number', 'integer', 'date', 'datetime', 'currency', 'language', 'identifier', 'holding', 'url'], `${key} ${field.code}`).toContain(field.kind);
    }
    expect(TEMPLATES[CURRENT.emt].fields[0]).toEqual({ code: '00001_EMT_Version', flag: 'M', kind: 'enum', values: ['V4.3'] });
    expect(TEMPLATES['emt-4.2'].fields[0]).toMatchObject({ code: '00001_EMT_Version', values: ['V4.2'] });
  });

  it('carry the codifications the site writes: Y/N, fractions, ISO dates, ISO 4217 currencies', () => {
    const emt = new Map(TEMPLATES[CURRENT.emt].fields.map((f) => [f.code, f]));
    expect(emt.get('00006_EMT_Data_Reporting_Target_Market')).toMatchObject({ flag: 'M', kind: 'enum', values: ['Y', 'N'] });
    expect(emt.get('01010_Investor_Type_Retail')).toMatchObject({ flag: 'M', kind: 'enum', values: ['Y', 'N', 'Neutral'] });
    expect(emt.get('04010_Risk_Tolerance_PRIIPS_Methodology')).toMatchObject({ kind: 'integer', min: 1, max: 7 });
    expect(emt.get('07100_Financial_Instrument_Gross_Ongoing_Costs')).toMatchObject({ flag: 'M', kind: 'number' });
    expect(emt.get('07160_Ex_Ante_Costs_Reference_Date')).toMatchObject({ flag: 'M', kind: 'date' });
    expect(emt.get('00040_Financial_Instrument_Currency')).toMatchObject({ flag: 'M', kind: 'currency' });
    expect(emt.get('00005_File_Generation_Date_And_Time')).toMatchObject({ flag: 'M', kind: 'datetime' });
    const eet = TEMPLATES[CURRENT.eet].fields;
    expect(eet.filter((f) => f.sfdrPrecontractual === 'M').length).toBeGreaterThan(5);
    const ept = TEMPLATES[CURRENT.ept].fields;
    expect(ept.filter((f) => f.flag === 'M').length).toBeGreaterThan(30);
  });
});

describe('validateRow', () => {
  const fields = TEMPLATES[CURRENT.emt].fields;
  const mandatory = fields.filter((f) => f.flag === 'M');

  it('names every mandatory field missing from an empty row', () => {
    const errors = validateRow(fields, {});
    expect(errors.map((e) => e.code)).toEqual(mandatory.map((f) => f.code));
    expect(new Set(errors.map((e) => e.problem))).toEqual(new Set(['missing']));
  });

  it('names a value outside its codification, with the field code', () => {
    const errors = validateRow(fields, {
      '01010_Investor_Type_Retail': 'Yes',
      '07100_Financial_Instrument_Gross_Ongoing_Costs': '1,15',
      '07160_Ex_Ante_Costs_Reference_Date': '2026-02-30',
      '04010_Risk_Tolerance_PRIIPS_Methodology': '8',
      '00040_Financial_Instrument_Currency': 'eur',
      '00010_Financial_Instrument_Identifying_Data': 'FR0000000001',
    }).filter((e) => e.problem !== 'missing');
    expect(errors).toEqual([
      { code: '00010_Financial_Instrument_Identifying_Data', problem: 'not-an-isin', value: 'FR0000000001' },
      { code: '00040_Financial_Instrument_Currency', problem: 'not-a-currency', value: 'eur' },
      { code: '01010_Investor_Type_Retail', problem: 'not-in-list', value: 'Yes' },
      { code: '04010_Risk_Tolerance_PRIIPS_Methodology', problem: 'out-of-range', value: '8' },
      { code: '07100_Financial_Instrument_Gross_Ongoing_Costs', problem: 'not-a-number', value: '1,15' },
      { code: '07160_Ex_Ante_Costs_Reference_Date', problem: 'not-a-date', value: '2026-02-30' },
    ]);
  });

  it('takes the values the codifications allow', () => {
    expect(checkValue({ kind: 'number' }, '0.0115')).toBeNull();
    expect(checkValue({ kind: 'number', min: 0 }, '-0.01')).toBe('below-minimum');
    expect(checkValue({ kind: 'number' }, '1e-3')).toBe('not-a-number');
    expect(checkValue({ kind: 'datetime' }, '2026-11-28 14:05:00')).toBeNull();
    expect(checkValue({ kind: 'datetime' }, '2026-11-28 24:05:00')).toBe('not-a-datetime');
    expect(checkValue({ kind: 'holding' }, '5')).toBeNull();
    expect(checkValue({ kind: 'holding' }, 'M')).toBeNull();
    expect(checkValue({ kind: 'holding' }, 'X')).toBe('not-in-list');
    expect(checkValue({ kind: 'text', max: 3 }, 'abcd')).toBe('too-long');
    expect(checkValue({ kind: 'text' }, 'x'.repeat(3000))).toBe('too-long');
    expect(checkValue({ kind: 'url' }, 'javascript:alert(1)')).toBe('not-a-url');
  });

  it('checks an ISIN by its check digit', () => {
    expect(isValidIsin('FR0010135103')).toBe(true);
    expect(isValidIsin('US0378331005')).toBe(true);
    expect(isValidIsin('US0378331006')).toBe(false);
    expect(isValidIsin('fr0010135103')).toBe(false);
  });
});
