import type { Locale } from '@/env';
import type disclaimerMessages from '../../../messages/compliance/en.json';

/** The popup's own texts, in every served language: the popup switches language without a reload (docs/product.md §4). */
export type DisclaimerLabels = Record<keyof (typeof disclaimerMessages)['Disclaimer'], string>;

export type ComplianceLanguage = { locale: Locale; label: string };

/** A country of residence the popup and the header offer (docs/decisions/035): its title in the page's language and its languages. */
export type ComplianceCountry = { code: string; title: string; locales: Locale[] };

/** The languages offered with a country: its own among the served ones, in its order (Spain: Spanish first), else every served one. */
export function languagesOf(country: ComplianceCountry | undefined, languages: ComplianceLanguage[]): ComplianceLanguage[] {
  const own = (country?.locales ?? []).flatMap((locale) => languages.filter((l) => l.locale === locale));
  return own.length > 0 ? own : languages;
}

/** The disclaimer texts and profile titles of one language, from the /graphql disclaimer query. */
export type DisclaimerContent = {
  title: string;
  main: string;
  profiles: { code: string; title: string; description: string }[];
};
