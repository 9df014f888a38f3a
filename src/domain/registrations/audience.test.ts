import { describe, expect, it } from 'vitest';
import {
  audienceSegment,
  audienceTag,
  countryFromCookie,
  countryPageCode,
  isCountryCode,
  parseAudienceSegment,
  preselectedCountry,
  profilesByCountry,
  registrationKey,
} from './audience';

describe('the audience segment (docs/decisions/035)', () => {
  it('carries the profile and the country, and reads back only what it wrote', () => {
    expect(audienceSegment({ profile: 'INSTIT', country: 'CH' })).toBe('INSTIT-CH');
    expect(parseAudienceSegment('INSTIT-CH')).toEqual({ profile: 'INSTIT', country: 'CH' });
    expect(parseAudienceSegment('RETAIL-INT')).toEqual({ profile: 'RETAIL', country: 'INT' });
    for (const bad of ['RETAIL', 'RETAIL-', '-FR', 'ADMIN-FR', 'RETAIL-fr', 'RETAIL-FRA', 'RETAIL-FR-X', 'RETAIL-F', 'retail-FR', 'RETAIL-../FR']) {
      expect(parseAudienceSegment(bad), bad).toBeNull();
    }
  });

  it('knows a country code as the country table holds them', () => {
    for (const code of ['FR', 'CH', 'INT']) expect(isCountryCode(code)).toBe(true);
    for (const code of ['fr', 'FRA', 'F', '', 'IN', 'INTL', 1, null, undefined]) expect(isCountryCode(code), String(code)).toBe(code === 'IN');
  });
});

describe('countryFromCookie', () => {
  it('takes a known country, else the default', () => {
    const known = new Set(['FR', 'CH', 'INT']);
    expect(countryFromCookie('CH', known, 'FR')).toBe('CH');
    expect(countryFromCookie('INT', known, 'FR')).toBe('INT');
    expect(countryFromCookie('DE', known, 'FR')).toBe('FR');
    expect(countryFromCookie('ch', known, 'LU')).toBe('LU');
    expect(countryFromCookie(undefined, known, 'FR')).toBe('FR');
    expect(countryFromCookie('X'.repeat(500), known, 'FR')).toBe('FR');
    // Before the table is loaded: any well-formed code.
    expect(countryFromCookie('DE', undefined, 'FR')).toBe('DE');
    expect(countryFromCookie('D/E', undefined, 'FR')).toBe('FR');
  });
});

describe('registrations', () => {
  it('groups the cells registered today by country, countries and profiles in a stable order', () => {
    expect(
      profilesByCountry([
        { country: 'LU', profile: 'CGP' },
        { country: 'CH', profile: 'INSTIT' },
        { country: 'LU', profile: 'RETAIL' },
        { country: 'LU', profile: 'RETAIL' },
        { country: 'LU', profile: 'NOBODY' },
      ]),
    ).toEqual([
      { country: 'CH', investorProfiles: ['INSTIT'] },
      { country: 'LU', investorProfiles: ['RETAIL', 'CGP'] },
    ]);
    expect(profilesByCountry([])).toEqual([]);
    expect(registrationKey(3, 'FR', 'RETAIL')).toBe('3|FR|RETAIL');
  });
});

describe('preselectedCountry', () => {
  it('suggests the country of the first browser language that names a listed one', () => {
    const countries = ['FR', 'BE', 'LU', 'CH', 'ES', 'GB', 'INT'];
    expect(preselectedCountry(['es-ES', 'es'], countries)).toBe('ES');
    expect(preselectedCountry(['de-DE', 'fr-CH'], countries)).toBe('CH');
    expect(preselectedCountry(['en-gb'], countries)).toBe('GB');
    expect(preselectedCountry(['en', 'fr'], countries)).toBeNull();
    expect(preselectedCountry(['de-DE', 'en-US'], countries)).toBeNull();
    expect(preselectedCountry(['zh-Hant-TW'], ['TW'])).toBeNull();
  });
});

describe('cache tags and page codes', () => {
  it('name an audience and a country page', () => {
    expect(audienceTag({ profile: 'RETAIL', country: 'LU' })).toBe('audience:RETAIL-LU');
    expect(countryPageCode('CH')).toBe('country-CH');
  });
});
