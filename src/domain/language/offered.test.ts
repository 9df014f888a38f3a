import { describe, expect, it } from 'vitest';
import { countryLocales, languageChoiceProblems, languagePositions, offeredFrom, readLanguageForm } from './offered';

const row = (locale: string, position: number, offered = true) => ({ locale, position, offered });

describe('offeredFrom', () => {
  it('keeps the offered shipped languages in position order: the first is the default', () => {
    expect(offeredFrom([row('fr', 1), row('en', 2), row('es', 3)])).toEqual(['fr', 'en', 'es']);
    expect(offeredFrom([row('fr', 2), row('en', 1), row('es', 3, false)])).toEqual(['en', 'fr']);
  });

  it('ignores a language the site does not ship, and never answers no language', () => {
    expect(offeredFrom([row('de', 1), row('es', 2)])).toEqual(['es']);
    expect(offeredFrom([row('fr', 1, false), row('en', 2, false)])).toEqual(['fr']);
    expect(offeredFrom([])).toEqual(['fr']);
  });
});

describe('countryLocales', () => {
  it('narrows a country’s languages to the offered ones, in the country’s order', () => {
    expect(countryLocales(['fr', 'en', 'es'], ['en', 'fr'])).toEqual(['fr', 'en']);
    expect(countryLocales(['es', 'en'], ['en', 'es'])).toEqual(['es', 'en']);
  });

  it('reads a country whose languages are all unoffered in the default language', () => {
    expect(countryLocales(['es'], ['en', 'fr'])).toEqual(['en']);
    expect(countryLocales(['de'], ['fr'])).toEqual(['fr']);
  });
});

describe('languageChoiceProblems', () => {
  const known = { languages: ['fr', 'en', 'es'], countries: ['FR', 'BE', 'INT'] };

  it('accepts at least one known language and known countries, none served too', () => {
    expect(languageChoiceProblems({ languages: ['en', 'fr'], countries: ['FR', 'INT'] }, known)).toBeNull();
    expect(languageChoiceProblems({ languages: ['es'], countries: [] }, known)).toBeNull();
  });

  it('refuses no language, an unknown or repeated one, an unknown or repeated country', () => {
    expect(languageChoiceProblems({ languages: [], countries: ['FR'] }, known)).toEqual({ languages: 'no-language' });
    expect(languageChoiceProblems({ languages: ['fr', 'de'], countries: [] }, known)).toEqual({ languages: 'unknown-language' });
    expect(languageChoiceProblems({ languages: ['en'], countries: [] }, { ...known, languages: ['fr'] })).toEqual({ languages: 'unknown-language' });
    expect(languageChoiceProblems({ languages: ['fr', 'fr'], countries: ['FR', 'FR'] }, known)).toEqual({ languages: 'duplicate-language', countries: 'duplicate-country' });
    expect(languageChoiceProblems({ languages: ['fr'], countries: ['XX'] }, known)).toEqual({ countries: 'unknown-country' });
    expect(languageChoiceProblems({ languages: ['fr'], countries: Array.from({ length: 301 }, () => 'FR') }, known)).toEqual({ countries: 'too-many' });
  });

  it('keeps served the country assumed for visitors who chose none (DEFAULT_COUNTRY)', () => {
    expect(languageChoiceProblems({ languages: ['fr'], countries: ['BE'] }, { ...known, defaultCountry: 'FR' })).toEqual({ countries: 'default-country' });
    expect(languageChoiceProblems({ languages: ['fr'], countries: ['FR', 'BE'] }, { ...known, defaultCountry: 'FR' })).toBeNull();
  });
});

describe('languagePositions', () => {
  it('puts the chosen languages first in their order, the others after in their previous order', () => {
    const positions = languagePositions([row('fr', 1), row('en', 2), row('es', 3)], ['es', 'fr']);
    expect([...positions.entries()]).toEqual([
      ['es', 1],
      ['fr', 2],
      ['en', 3],
    ]);
  });
});

describe('readLanguageForm', () => {
  const form = (values: Record<string, string>, countries: string[] = []) => ({
    get: (name: string) => values[name] ?? '',
    getAll: (name: string) => (name === 'countries' ? countries : []),
  });

  it('orders the offered languages by their rank and keeps the ticked countries once', () => {
    expect(readLanguageForm(form({ 'rank.fr': '2', 'rank.en': '1', 'rank.es': '' }, ['FR', 'BE', 'FR']))).toEqual({
      input: { languages: ['en', 'fr'], countries: ['FR', 'BE'] },
      errors: {},
    });
  });

  it('refuses no language, two languages of one rank and a rank that is not one', () => {
    expect(readLanguageForm(form({})).errors).toEqual({ languages: 'no-language' });
    expect(readLanguageForm(form({ 'rank.fr': '1', 'rank.en': '1' })).errors).toEqual({ 'rank.en': 'duplicate-rank' });
    expect(readLanguageForm(form({ 'rank.fr': '1', 'rank.es': '9' })).errors).toEqual({ 'rank.es': 'bad-rank' });
    expect(readLanguageForm(form({ 'rank.fr': 'x' })).errors).toEqual({ 'rank.fr': 'bad-rank' });
  });
});
