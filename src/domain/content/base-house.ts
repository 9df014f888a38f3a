/**
 * The fund house of an empty start (SEED_DEMO=false): the base seed (src/server/db/seed/base.ts) fills
 * the reference data, a company row and the content pages from neutral templates, so that a real house
 * gets a working site "being prepared" rather than a 404 on every page. The facts only the house knows
 * are left as the back-office's template gaps (TEMPLATE_GAP, src/domain/content/country-page.ts).
 */
import type { L3 } from './country-page';

/** The neutral name a house has until it names itself (COMPANY_NAME, or the back-office). */
export const NEUTRAL_COMPANY_NAME: L3 = {
  fr: 'Votre société de gestion',
  en: 'Your fund house',
  es: 'Su gestora de fondos',
};

/** The version of the base recorded in `seed_run`: a database holding a seed run is never seeded again. */
export const BASE_SEED_VERSION = 'base-1';

/**
 * The company's name in each language: the configured one (COMPANY_NAME, a proper name, the same in
 * every language), spaces tidied, or the neutral one when none is set.
 */
export function baseCompanyName(configured: string | undefined | null): L3 {
  const name = (configured ?? '').replace(/\s+/g, ' ').trim();
  return name ? { fr: name, en: name, es: name } : { ...NEUTRAL_COMPANY_NAME };
}
