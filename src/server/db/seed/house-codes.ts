/**
 * The demo fund houses a first start may seed (SEED_DEMO, docs/operations.md): their codes, the one
 * `true` means, and the home country of each, the country of a visitor who has not chosen one
 * unless DEFAULT_COUNTRY says otherwise. Plain values, read by src/env.ts; the houses themselves are
 * src/server/db/seed/houses.ts.
 */
export const DEMO_HOUSE_CODES = ['aurore', 'meridian'] as const;
export type DemoHouseCode = (typeof DEMO_HOUSE_CODES)[number];
export const DEFAULT_DEMO_HOUSE: DemoHouseCode = 'aurore';
export const DEMO_HOUSE_COUNTRY: Record<DemoHouseCode, string> = { aurore: 'FR', meridian: 'LU' };
