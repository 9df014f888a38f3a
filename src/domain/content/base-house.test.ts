import { describe, expect, it } from 'vitest';
import { BASE_SEED_VERSION, NEUTRAL_COMPANY_NAME, baseCompanyName } from './base-house';

describe('baseCompanyName', () => {
  it('takes the configured name in every language, its spaces tidied', () => {
    expect(baseCompanyName('  Gestion   du Levant ')).toEqual({ fr: 'Gestion du Levant', en: 'Gestion du Levant', es: 'Gestion du Levant' });
  });

  it('falls back to the neutral name, translated, when none is set', () => {
    expect(baseCompanyName(undefined)).toEqual({ fr: 'Votre société de gestion', en: 'Your fund house', es: 'Su gestora de fondos' });
    expect(baseCompanyName('   ')).toEqual(NEUTRAL_COMPANY_NAME);
    expect(baseCompanyName(null)).not.toBe(NEUTRAL_COMPANY_NAME);
  });

  it('names a base version apart from the demo seed versions (dates)', () => {
    expect(BASE_SEED_VERSION).toMatch(/^base-/);
  });
});
