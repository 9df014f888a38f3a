import { describe, expect, it } from 'vitest';
import { COMPANY_LIMITS, figureRowCount, isHttpsUrl, readCompanyForm } from './company-form';

const base: Record<string, string> = {
  'title.fr': 'Aurore',
  'baseline.fr': 'Base',
  'subBaseline.fr': 'Sous',
  'infos.ADDRESS.fr': '1 rue',
  'infos.CITY.fr': 'Paris',
  'infos.ZIP_CODE': '75002',
  'infos.PHONE': '+33 (1) 00-00',
  'infos.EMAIL_PRESS': 'a@b.example',
  'infos.LINKEDIN': 'https://www.linkedin.com/company/x',
};
const form = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? '', getAll: () => [] });

describe('readCompanyForm', () => {
  it('reads one value for the postcode, phone, e-mail and LinkedIn, per language for the address and city', () => {
    const { input, errors } = readCompanyForm(form({ ...base, 'infos.CITY.es': 'París' }));
    expect(errors).toEqual({});
    expect(input.infos.find((i) => i.code === 'CITY')?.content).toEqual({ fr: 'Paris', es: 'París' });
    expect(input.infos.find((i) => i.code === 'PHONE')?.content).toEqual({ fr: '+33 (1) 00-00', en: '+33 (1) 00-00', es: '+33 (1) 00-00' });
    expect(input.keyFigures).toEqual([]);
  });

  it('orders key figures by position, drops emptied rows, gives new ones a free code, refuses duplicates of stored codes', () => {
    const { input, errors } = readCompanyForm(
      form({
        ...base,
        'figures.0.code': 'figure-1',
        'figures.0.position': '3',
        'figures.0.value.fr': '1',
        'figures.0.title.fr': 'un',
        'figures.1.code': 'aum',
        'figures.1.position': '',
        'figures.2.position': '1',
        'figures.2.value.fr': '2',
        'figures.2.title.fr': 'deux',
        'figures.3.code': 'figure-1',
        'figures.3.position': '3',
        'figures.3.value.fr': '3',
        'figures.3.title.fr': 'trois',
      }),
    );
    expect(errors).toEqual({});
    expect(input.keyFigures.map((f) => [f.code, f.value.fr])).toEqual([
      ['figure-2', '2'],
      ['figure-1', '1'],
      ['figure-3', '3'],
    ]);
  });

  it('names the bad fields', () => {
    const { errors } = readCompanyForm(
      form({
        ...base,
        'baseline.en': 'x'.repeat(COMPANY_LIMITS.baseline + 1),
        'infos.ADDRESS.fr': '<b>1 rue</b>',
        'infos.ZIP_CODE': '',
        'figures.0.value.fr': '12',
        'figures.0.position': 'first',
      }),
    );
    expect(errors).toEqual({ 'baseline.en': 'too-long', 'infos.ADDRESS.fr': 'markup', 'infos.ZIP_CODE': 'required', 'figures.0.title.fr': 'required', 'figures.0.position': 'position' });
  });

  it('accepts only https addresses with a host for LinkedIn; offers two empty rows within the limit', () => {
    expect(isHttpsUrl('https://www.linkedin.com/company/x')).toBe(true);
    expect(isHttpsUrl('http://www.linkedin.com')).toBe(false);
    expect(isHttpsUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpsUrl('https://user:pw@linkedin.com')).toBe(false);
    expect(figureRowCount(4)).toBe(6);
    expect(figureRowCount(COMPANY_LIMITS.figures)).toBe(COMPANY_LIMITS.figures);
  });
});
