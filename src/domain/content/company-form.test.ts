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

describe('readCompanyForm: the legal identity and the palette', () => {
  it('reads every identity field, optional, canonical, and refuses a bad LEI or a palette short of contrast', () => {
    const empty = readCompanyForm(form(base));
    expect(empty.errors).toEqual({});
    expect(Object.values(empty.input.identity).every((v) => v === null)).toBe(true);

    const typed = {
      ...base,
      'identity.legalName': 'Aurore Gestion SAS',
      'identity.legalForm': 'Société par actions simplifiée',
      'identity.registeredOffice': '24 rue de l’Aurore, 75002 Paris',
      'identity.registerNumber': 'RCS Paris 123 456 789',
      'identity.lei': '969500up76j52a9oxu27',
      'identity.regulator': 'AMF',
      'identity.authorisationNumber': 'GP-20000001',
      'identity.dpoEmail': 'dpo@aurore.example',
      'identity.contactEmail': 'contact@aurore.example',
      'identity.brandPrimary': '#0B3A6E',
      'identity.brandDark': '072848',
      'identity.brandAccent': '#e07a1f',
    };
    const good = readCompanyForm(form(typed));
    expect(good.errors).toEqual({});
    expect(good.input.identity).toEqual({
      legalName: 'Aurore Gestion SAS',
      legalForm: 'Société par actions simplifiée',
      registeredOffice: '24 rue de l’Aurore, 75002 Paris',
      registerNumber: 'RCS Paris 123 456 789',
      lei: '969500UP76J52A9OXU27',
      regulator: 'AMF',
      authorisationNumber: 'GP-20000001',
      dpoEmail: 'dpo@aurore.example',
      contactEmail: 'contact@aurore.example',
      brandPrimary: '#0b3a6e',
      brandDark: '#072848',
      brandAccent: '#e07a1f',
    });

    const bad = readCompanyForm(form({ ...typed, 'identity.lei': '969500UP76J52A9OXU28', 'identity.brandPrimary': '#777777', 'identity.brandAccent': '#fff', 'identity.dpoEmail': 'dpo' }));
    expect(bad.errors).toEqual({ 'identity.lei': 'lei', 'identity.brandPrimary': 'contrast', 'identity.brandAccent': 'colour', 'identity.dpoEmail': 'email' });
  });
});
