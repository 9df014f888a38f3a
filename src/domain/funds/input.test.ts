import { describe, expect, it } from 'vitest';
import { validateFund, validateShare } from './input';
import { isinWithCheckDigit } from './isin';

const fund = {
  slug: 'aurore-nouveau',
  categoryCode: 'EQUITY',
  title: { fr: 'Aurore Nouveau', en: 'Aurore New', es: '' },
  description: { fr: 'Description' },
  philosophy: { fr: 'Philosophie' },
  classification: { fr: 'Actions' },
  riskLevel: 4,
  sfdrArticle: 8,
  minRecommendedInvestmentDuration: 5,
  aumValue: 1000,
  aumCurrencyCode: 'EUR',
  aumDate: '2026-11-20',
  visibleTo: ['INSTIT', 'RETAIL'],
};

const share = {
  slug: 'part-c',
  name: 'C EUR',
  isinCode: ` ${isinWithCheckDigit('FR0014009ZZ').toLowerCase()} `,
  managementGoal: { fr: 'Objectif' },
  inceptionDate: '2026-01-02',
  inceptionNav: 100,
  sriLevel: 4,
  currencyCode: 'EUR',
  visibleTo: ['RETAIL'],
};

describe('validateFund', () => {
  it('accepts a fund, keeping a missing translation missing and profiles in their order', () => {
    const result = validateFund(fund);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.title).toEqual({ fr: 'Aurore Nouveau', en: 'Aurore New' });
    expect(result.value.visibleTo).toEqual(['RETAIL', 'INSTIT']);
    expect(result.value.partners).toEqual([]);
  });

  it('refuses an SRI outside 1–7, an SFDR article other than 6, 8, 9, a bad slug and a missing French title', () => {
    const result = validateFund({ ...fund, riskLevel: 8, sfdrArticle: 7, slug: 'Aurore Nouveau', title: { en: 'x' } });
    expect(result).toEqual({ ok: false, errors: { riskLevel: 'sri-range', sfdrArticle: 'sfdr-value', slug: 'slug', 'title.fr': 'required' } });
    expect(validateFund({ ...fund, visibleTo: [] })).toEqual({ ok: false, errors: { visibleTo: 'required' } });
  });
});

describe('validateShare', () => {
  it('stores an ISIN upper-cased, and refuses one whose check digit is wrong or too short', () => {
    const result = validateShare(share);
    expect(result.ok && result.value.isinCode).toBe(isinWithCheckDigit('FR0014009ZZ'));
    const wrong = isinWithCheckDigit('FR0014009ZZ').slice(0, 11) + String((Number(isinWithCheckDigit('FR0014009ZZ').slice(11)) + 1) % 10);
    expect(validateShare({ ...share, isinCode: wrong })).toEqual({ ok: false, errors: { isinCode: 'isin' } });
    expect(validateShare({ ...share, isinCode: 'FR0014009ZZ' })).toEqual({ ok: false, errors: { isinCode: 'isin' } });
    expect(validateShare({ ...share, sriLevel: 0, inceptionNav: 0 })).toEqual({ ok: false, errors: { sriLevel: 'sri-range', inceptionNav: 'range' } });
  });
});
