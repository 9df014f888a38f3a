/**
 * The languages a house offers and the countries it serves (issue 43, docs/decisions/061), the pure
 * part. The site ships fr, en and es (SUPPORTED_LOCALES); the house offers some of them (at least
 * one), in its order: the first is the site's default and fallback language (`/` goes there, x-default
 * points there). The countries a visitor may choose as residence are the served ones; a country's
 * languages are narrowed to the offered ones, and one left with none is read in the default language.
 */
import { SUPPORTED_LOCALES, type Locale } from './locale';

export function isShippedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The offered languages from the `language` rows: shipped, offered, in `position` order; never empty. */
export function offeredFrom(rows: readonly { locale: string; offered: boolean; position: number }[]): Locale[] {
  const offered = [...rows]
    .filter((row) => row.offered)
    .sort((a, b) => a.position - b.position || (a.locale < b.locale ? -1 : 1))
    .map((row) => row.locale)
    .filter(isShippedLocale);
  const unique = [...new Set(offered)];
  // A house offers at least one language (the door refuses less); a database edited by hand that
  // offers none still serves the first shipped one rather than no page at all.
  return unique.length > 0 ? unique : [SUPPORTED_LOCALES[0]];
}

/** A served country's languages in its own order, narrowed to the offered ones; none left: the default language. */
export function countryLocales(locales: readonly string[], offered: readonly Locale[]): Locale[] {
  const kept = locales.filter((l): l is Locale => isShippedLocale(l) && offered.includes(l));
  const first = offered[0];
  return kept.length > 0 ? [...new Set(kept)] : first ? [first] : [];
}

/** What an admin chooses: the offered languages in order (the first the default) and the served countries. */
export type LanguageChoice = { languages: string[]; countries: string[] };

/** Bounds of a posted choice: more than the country table may ever hold is refused unread. */
export const MAX_SERVED_COUNTRIES = 300;

export type LanguageChoiceField = 'languages' | 'countries';
export type LanguageChoiceProblem = 'no-language' | 'unknown-language' | 'duplicate-language' | 'unknown-country' | 'duplicate-country' | 'default-country' | 'too-many';

/**
 * The problems of a choice, by field (null when none): at least one language, each a shipped one
 * the `language` table holds, none twice; each country one of the `country` table, none twice.
 */
export function languageChoiceProblems(
  choice: LanguageChoice,
  known: { languages: readonly string[]; countries: readonly string[]; defaultCountry?: string },
): Partial<Record<LanguageChoiceField, LanguageChoiceProblem>> | null {
  const problems: Partial<Record<LanguageChoiceField, LanguageChoiceProblem>> = {};
  const languages = Array.isArray(choice.languages) ? choice.languages : [];
  const countries = Array.isArray(choice.countries) ? choice.countries : [];
  if (languages.length === 0) problems.languages = 'no-language';
  else if (languages.length > MAX_SERVED_COUNTRIES) problems.languages = 'too-many';
  else if (languages.some((l) => !isShippedLocale(l) || !known.languages.includes(l))) problems.languages = 'unknown-language';
  else if (new Set(languages).size !== languages.length) problems.languages = 'duplicate-language';
  if (countries.length > MAX_SERVED_COUNTRIES) problems.countries = 'too-many';
  else if (countries.some((c) => typeof c !== 'string' || !known.countries.includes(c))) problems.countries = 'unknown-country';
  else if (new Set(countries).size !== countries.length) problems.countries = 'duplicate-country';
  // The country assumed for a visitor who has chosen none (DEFAULT_COUNTRY) stays served, or every such visitor would be read as living in a country the site no longer serves.
  else if (known.defaultCountry !== undefined && !countries.includes(known.defaultCountry)) problems.countries = 'default-country';
  return Object.keys(problems).length > 0 ? problems : null;
}

/**
 * The `position` of each language after a choice: the offered ones first in the chosen order, then
 * the others in their previous order (so offering one again later puts it back after the rest).
 */
export function languagePositions(previous: readonly { locale: string; position: number }[], chosen: readonly string[]): Map<string, number> {
  const rest = [...previous]
    .filter((row) => !chosen.includes(row.locale))
    .sort((a, b) => a.position - b.position)
    .map((row) => row.locale);
  return new Map([...chosen, ...rest].map((locale, i) => [locale, i + 1]));
}

/** The form's field of a language's rank: '' (not offered) or 1…n, 1 the default. */
export const rankField = (locale: string) => `rank.${locale}`;
export const COUNTRIES_FIELD = 'countries';

/**
 * Reads the languages and countries form: each shipped language's rank (empty: not offered), the
 * served countries ticked. Two languages of one rank, or a rank that is not one, is an error of
 * its field; the choice's own rule (languageChoiceProblems) is the door's.
 */
export function readLanguageForm(form: { get(name: string): string; getAll(name: string): string[] }): { input: LanguageChoice; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const ranked: { locale: Locale; rank: number }[] = [];
  for (const locale of SUPPORTED_LOCALES) {
    const raw = form.get(rankField(locale)).trim();
    if (raw === '') continue;
    const rank = /^[1-9]$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(rank) || rank > SUPPORTED_LOCALES.length) errors[rankField(locale)] = 'bad-rank';
    else if (ranked.some((r) => r.rank === rank)) errors[rankField(locale)] = 'duplicate-rank';
    else ranked.push({ locale, rank });
  }
  const countries = [...new Set(form.getAll(COUNTRIES_FIELD).slice(0, MAX_SERVED_COUNTRIES + 1).map((c) => c.trim()))].filter((c) => c !== '');
  const languages = ranked.sort((a, b) => a.rank - b.rank).map((r) => r.locale);
  if (languages.length === 0 && Object.keys(errors).length === 0) errors.languages = 'no-language';
  return { input: { languages, countries }, errors };
}
