import { describe, expect, it } from 'vitest';
import { codesField, errorFor, partnerErrorsOnRows, readFundForm, readShareForm, recordCodes, tagsFromLines, tagsToLines, type FormReader } from './form';
import { validateFund } from './input';

function form(values: Record<string, string | string[]>): FormReader {
  return {
    get: (name) => {
      const v = values[name];
      return typeof v === 'string' ? v : Array.isArray(v) ? (v[0] ?? '') : '';
    },
    getAll: (name) => {
      const v = values[name];
      return Array.isArray(v) ? v : v === undefined ? [] : [v];
    },
  };
}

const base = {
  slug: 'aurore-test',
  categoryCode: 'equity',
  'title.fr': 'Aurore Test',
  'title.en': '',
  'title.es': 'Aurora Prueba',
  'description.fr': 'Description',
  'philosophy.fr': 'Philosophie',
  'classification.fr': 'Actions',
  riskLevel: '4',
  sfdrArticle: '8',
  minRecommendedInvestmentDuration: '5',
  visibleTo: ['RETAIL', 'CGP'],
  active: 'on',
  position: '3',
  aumValue: '1 000 000.5',
  aumCurrencyCode: 'EUR',
  aumDate: '2026-10-31',
};

describe('readFundForm', () => {
  it('keeps a missing translation missing and reads numbers, boxes and lists', () => {
    const { raw, errors } = readFundForm(form(base), { withAum: true });
    expect(errors).toEqual({});
    const result = validateFund(raw);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.title).toEqual({ fr: 'Aurore Test', es: 'Aurora Prueba' });
    expect(result.value.specificCategory).toBeNull();
    expect(result.value.riskLevel).toBe(4);
    expect(result.value.aumValue).toBe(1000000.5);
    expect(result.value.isHighlight).toBe(false);
    expect(result.value.active).toBe(true);
    expect(result.value.visibleTo).toEqual(['RETAIL', 'CGP']);
    expect(result.value.position).toBe(3);
  });

  it('reports bad JSON on its field and an SRI out of range through validation', () => {
    const { raw, errors } = readFundForm(form({ ...base, customData: '{ nope', riskLevel: '8' }), { withAum: false });
    expect(errors).toEqual({ customData: 'json' });
    expect(raw).not.toHaveProperty('aumValue');
    const result = validateFund({ ...raw, aumValue: 1, aumCurrencyCode: 'EUR', aumDate: '2026-01-01' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.riskLevel).toBe('sri-range');
    expect(result.errors.sfdrArticle).toBeUndefined();
  });

  it('turns an SFDR article outside 6/8/9 and a text in a number field into errors', () => {
    const { raw } = readFundForm(form({ ...base, sfdrArticle: '7', minRecommendedInvestmentDuration: 'five' }), { withAum: true });
    const result = validateFund(raw);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.sfdrArticle).toBe('sfdr-value');
    expect(result.errors.minRecommendedInvestmentDuration).toBeDefined();
  });
});

describe('texts per code and partners', () => {
  it('reads each characteristic in its languages, leaves out the empty ones and keeps a missing translation missing', () => {
    const { raw } = readFundForm(
      form({
        ...base,
        'characteristics.custodian.fr': 'Banque Dépositaire',
        'characteristics.custodian.en': 'Depositary Bank',
        'characteristics.custodian.es': '',
        'characteristics.auditor.fr': '',
        'characteristics.auditor.en': '',
        'characteristics.auditor.es': '',
        'characteristics.ticker.fr': 'share-scope code, not read on a fund',
      }),
      { withAum: true },
    );
    expect(raw.characteristics).toEqual({ custodian: { fr: 'Banque Dépositaire', en: 'Depositary Bank', es: '' } });
    const result = validateFund(raw);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.characteristics).toEqual({ custodian: { fr: 'Banque Dépositaire', en: 'Depositary Bank' } });
  });

  it('keeps a stored code the catalog does not know when the form lists it, and a translation without French is an error', () => {
    expect(recordCodes(['auditor'], { auditor: {}, houseCode: {} })).toEqual(['auditor', 'houseCode']);
    const { raw } = readFundForm(
      form({ ...base, [codesField('characteristics')]: ['houseCode'], 'characteristics.houseCode.fr': 'AUR-01', 'sfdrDisclosure.summary.en': 'Summary only in English' }),
      { withAum: true },
    );
    expect(raw.characteristics).toEqual({ houseCode: { fr: 'AUR-01', en: '', es: '' } });
    const result = validateFund(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors['sfdrDisclosure.summary.fr']).toBe('required');
  });

  it('has no SFDR disclosure when every section is empty', () => {
    expect(readFundForm(form({ ...base, 'sfdrDisclosure.summary.fr': '  ' }), { withAum: true }).raw.sfdrDisclosure).toBeNull();
  });

  it('skips empty partner rows and puts validation errors back on the row they came from', () => {
    const { raw, partnerRows } = readFundForm(
      form({
        ...base,
        'partners.0.name': 'Banque A',
        'partners.0.url': 'https://a.example',
        'partners.0.description.fr': 'Réseau A',
        'partners.2.name': 'Courtier B',
        'partners.2.url': 'ftp://b.example',
        'partners.2.description.fr': 'Courtier en ligne',
      }),
      { withAum: true },
    );
    expect(raw.partners).toEqual([
      { name: 'Banque A', url: 'https://a.example', description: { fr: 'Réseau A', en: '', es: '' } },
      { name: 'Courtier B', url: 'ftp://b.example', description: { fr: 'Courtier en ligne', en: '', es: '' } },
    ]);
    expect(partnerRows).toEqual([0, 2]);
    const result = validateFund(raw);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors['partners.1.url']).toBe('url');
    expect(partnerErrorsOnRows(result.errors, partnerRows)).toMatchObject({ 'partners.2.url': 'url' });
    expect(partnerErrorsOnRows({ partners: 'too-many', slug: 'slug' }, partnerRows)).toEqual({ partners: 'too-many', slug: 'slug' });
  });
});

describe('tags as lines', () => {
  it('pairs line N of each language and skips empty lines', () => {
    const tags = tagsFromLines(form({ 'tags.fr': 'Actions\n\nEurope', 'tags.en': 'Equities\n\nEurope', 'tags.es': 'Acciones' }));
    expect(tags).toEqual([{ fr: 'Actions', en: 'Equities', es: 'Acciones' }, { fr: 'Europe', en: 'Europe', es: '' }]);
    expect(tagsToLines([{ fr: 'Actions', en: 'Equities' }, { fr: 'Europe' }], 'en')).toBe('Equities\n');
  });
});

describe('readShareForm', () => {
  it('reads a share class and the ISIN is checked by the service schema', () => {
    const { raw, errors } = readShareForm(
      form({ slug: 'c-eur', name: 'C EUR', isinCode: 'fr0000000001', 'managementGoal.fr': 'Objectif', inceptionDate: '2024-01-02', inceptionNav: '100', sriLevel: '3', currencyCode: 'EUR', visibleTo: 'RETAIL', active: 'on' }),
    );
    expect(errors).toEqual({});
    expect(raw).toMatchObject({ isMain: false, active: true, inceptionNav: 100, sriLevel: 3, visibleTo: ['RETAIL'], characteristics: {} });
  });
});

describe('errorFor', () => {
  it('finds the error of a field or of one of its languages', () => {
    expect(errorFor({ 'title.fr': 'required' }, 'title')).toBe('required');
    expect(errorFor({ slug: 'taken' }, 'slug')).toBe('taken');
    expect(errorFor({ slugger: 'x' }, 'slug')).toBeUndefined();
  });
});
