/**
 * The investor profiles (docs/product.md §3), apart from the rest of the catalog's vocabularies
 * (catalog.ts re-exports them): the browser's compliance layer needs these few lines on every page,
 * and a bundle takes a module whole, so importing them from catalog.ts carried its lists of
 * characteristics, documents and pages into every page's first load.
 */
export const INVESTOR_PROFILES = ['RETAIL', 'INSTIT', 'CGP'] as const;
export type InvestorProfile = (typeof INVESTOR_PROFILES)[number];
export const DEFAULT_PROFILE: InvestorProfile = 'RETAIL';

export function isInvestorProfile(value: unknown): value is InvestorProfile {
  return typeof value === 'string' && (INVESTOR_PROFILES as readonly string[]).includes(value);
}
