import type { CsvError } from '../../csv/import';
import type { InvestorProfile } from '../../investor-profiles';
import { slugify } from '../../news/input';
import { parseShareDistribution, type ShareDistribution } from '../data';
import type { TargetMarket } from '../target-market';
import { FINDATEX_IMPORT_LIMITS, emtFieldOf, fieldError, type EmtLine } from './read';

/**
 * Filling an empty catalogue from a third party's EMT (docs/back-office.md, Imports): each line whose
 * ISIN the catalogue does not hold becomes a share class, grouped into funds. The EMT V4 has no field
 * naming the fund a share class belongs to, so its fund is read from the instrument's name (00030) and
 * its manufacturer (00070): "Fund name - Share class" splits at its last " - ", otherwise the last word
 * is the share class ("Horizon Actions Europe I"). Lines of one manufacturer with the same fund name
 * make one fund. Pure: what the catalogue already holds is given by the caller.
 */

/** At most 500 lines per file: a house's whole range, and one transaction of bounded size at approval. */
export const CATALOG_IMPORT_LIMITS = { ...FINDATEX_IMPORT_LIMITS, maxRows: 500 };

const C = {
  isin: '00010_Financial_Instrument_Identifying_Data',
  currency: '00040_Financial_Instrument_Currency',
  productType: '00060_Financial_Instrument_Product_Type',
  reportsTargetMarket: '00006_EMT_Data_Reporting_Target_Market',
  reportsExAnte: '00007_EMT_Data_Reporting_Ex_Ante',
  sri: '04010_Risk_Tolerance_PRIIPS_Methodology',
  holding: '05080_Minimum_Recommended_Holding_Period',
  name: '00030_Financial_Instrument_Name',
} as const;

/** A share class's name as the back-office stores it (shareInputSchema). */
const SHARE_NAME_MAX = 120;

export type CatalogShare = {
  line: number;
  isin: string;
  name: string;
  slug: string;
  currency: string;
  sri: number;
  visibleTo: InvestorProfile[];
  /** The share's distribution data: the EMT's target market and costs, and the PRIIPs answers of CATALOG_PRIIPS. */
  distribution: ShareDistribution;
};
export type CatalogFund = {
  name: string;
  slug: string;
  manufacturer: string;
  /** EMT 00060: U, N, UM or NM; the fund's classification. */
  productType: 'U' | 'N' | 'UM' | 'NM';
  /** The highest SRI of its share classes. */
  riskLevel: number;
  /** The longest recommended holding period of its share classes, in whole years. */
  holdingYears: number;
  /** The currency of its first share class (by ISIN), for its AUM. */
  currency: string;
  /** The file's general reference date (00050) of its first share class. */
  referenceDate: string;
  visibleTo: InvestorProfile[];
  shares: CatalogShare[];
};
export type CatalogPlan = { ok: true; rows: number; existing: { line: number; isin: string }[]; funds: CatalogFund[] } | { ok: false; errors: CsvError[] };

/** What the catalogue already holds, and what it accepts. */
export type CatalogKnown = { isins: ReadonlySet<string>; fundSlugs: ReadonlySet<string>; currencies: ReadonlySet<string> };

/**
 * The PRIIPs answers the EMT does not carry (they come from the KID's calculation): those of a fund
 * valued every business day whose credit risk is the lowest, its market risk measure its SRI. Shown
 * in the preview and the proposal; corrected on the share class's distribution screen.
 */
export function catalogPriips(sri: number, productType: CatalogFund['productType']): ShareDistribution['priips'] {
  return { productType, category: 2, mrm: sri, crm: 1, liquidityRisk: 'M', valuationFrequency: '252', benchmarkUsedForScenarios: false, comprehensionAlert: false };
}

/** "Fund - Share" at its last " - " (or " – "), else the last word; a single word is both. */
export function splitInstrumentName(name: string): { fund: string; share: string } {
  const clean = name.replace(/\s+/g, ' ').trim();
  const dash = Math.max(clean.lastIndexOf(' - '), clean.lastIndexOf(' – '));
  if (dash > 0) return { fund: clean.slice(0, dash).trim(), share: clean.slice(dash + 3).trim() || clean };
  const space = clean.lastIndexOf(' ');
  return space > 0 ? { fund: clean.slice(0, space), share: clean.slice(space + 1) } : { fund: clean, share: clean };
}

/** A slug from a name, made unique against `taken` with -2, -3…; the slug is added to `taken`. */
export function uniqueSlug(name: string, taken: Set<string>, fallback: string): string {
  const base = (slugify(name) || slugify(fallback) || 'x').slice(0, 110).replace(/-+$/, '');
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/** The investor profiles a target market is meant for: retail investors (and their advisers), professionals. */
export function profilesOf(market: TargetMarket): InvestorProfile[] {
  const out: InvestorProfile[] = [];
  if (market.investorType.retail !== 'N') out.push('RETAIL');
  if (market.investorType.professional !== 'N' || market.investorType.eligibleCounterparty === 'Y') out.push('INSTIT');
  if (market.investorType.retail !== 'N') out.push('CGP');
  return out;
}

/** Whole years from the EMT's holding period: a number of years; the letters (very short to long) name no duration. */
function holdingYears(value: string): number | null {
  if (value === '' || !/^\d+(\.\d+)?$/.test(value)) return null;
  const years = Math.ceil(Number(value));
  return years <= 50 ? years : null;
}

const PRODUCT_TYPES = new Set(['U', 'N', 'UM', 'NM']);

/**
 * The funds and share classes a read EMT creates: lines whose ISIN is known are counted as already in
 * the catalogue (the update import is theirs); every other line must report its target market and
 * ex-ante costs, name its share class in at most 120 characters, give its SRI, a holding period in years and a currency the site knows, and its data
 * must hold (parseShareDistribution). The file is accepted or refused whole, every problem named.
 */
export function planCatalog(lines: readonly EmtLine[], known: CatalogKnown): CatalogPlan {
  const errors: CsvError[] = [];
  const existing: { line: number; isin: string }[] = [];
  type Group = { fund: CatalogFund; holding: number; lines: { line: EmtLine; share: Omit<CatalogShare, 'slug'> }[] };
  const groups = new Map<string, Group>();
  for (const line of [...lines].sort((a, b) => (a.isin < b.isin ? -1 : a.isin > b.isin ? 1 : 0))) {
    if (known.isins.has(line.isin)) {
      existing.push({ line: line.line, isin: line.isin });
      continue;
    }
    const { identity, parts } = line;
    const before = errors.length;
    if (!parts.targetMarket) errors.push(fieldError(line.line, C.reportsTargetMarket, 'needs-section', 'N'));
    if (!parts.exAnte) errors.push(fieldError(line.line, C.reportsExAnte, 'needs-section', 'N'));
    if (line.sri === null) errors.push(fieldError(line.line, C.sri, 'missing'));
    const years = holdingYears(identity.holding);
    if (years === null) errors.push(fieldError(line.line, C.holding, 'holding-years', identity.holding));
    if (!known.currencies.has(identity.currency)) errors.push(fieldError(line.line, C.currency, 'unknown-currency', identity.currency));
    const names = splitInstrumentName(identity.name);
    if (names.share.length > SHARE_NAME_MAX) errors.push(fieldError(line.line, C.name, 'share-name-too-long', identity.name));
    const productType = PRODUCT_TYPES.has(identity.productType) ? (identity.productType as CatalogFund['productType']) : 'U';
    if (errors.length > before || line.sri === null || years === null || !parts.targetMarket) continue;
    const parsed = parseShareDistribution({ exPost: null, ...parts, priips: catalogPriips(line.sri, productType) }, line.sri);
    if (!parsed.ok) {
      const seen = new Set<string>();
      for (const p of parsed.problems) {
        const field = emtFieldOf(p.path);
        if (seen.has(`${field}|${p.code}`)) continue;
        seen.add(`${field}|${p.code}`);
        errors.push(fieldError(line.line, field, p.code));
      }
      continue;
    }
    const key = `${identity.manufacturer.toLowerCase()}\n${names.fund.toLowerCase()}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        fund: { name: names.fund, slug: '', manufacturer: identity.manufacturer, productType, riskLevel: line.sri, holdingYears: years, currency: identity.currency, referenceDate: identity.referenceDate, visibleTo: [], shares: [] },
        holding: years,
        lines: [],
      };
      groups.set(key, group);
    } else if (group.fund.productType !== productType) {
      errors.push(fieldError(line.line, C.productType, 'fund-disagrees', identity.productType));
      continue;
    }
    group.fund.riskLevel = Math.max(group.fund.riskLevel, line.sri);
    group.fund.holdingYears = Math.max(group.fund.holdingYears, years);
    group.lines.push({ line, share: { line: line.line, isin: line.isin, name: names.share, currency: identity.currency, sri: line.sri, visibleTo: profilesOf(parsed.data.targetMarket), distribution: parsed.data } });
  }
  if (errors.length > 0) return { ok: false, errors: errors.sort((a, b) => a.line - b.line) };

  const fundSlugs = new Set(known.fundSlugs);
  const funds: CatalogFund[] = [];
  for (const group of [...groups.values()].sort((a, b) => a.fund.name.localeCompare(b.fund.name, 'fr'))) {
    const shareSlugs = new Set<string>();
    const shares = group.lines.map(({ share }) => ({ ...share, slug: uniqueSlug(share.name, shareSlugs, share.isin) }));
    const visibleTo = (['RETAIL', 'INSTIT', 'CGP'] as const).filter((p) => shares.some((s) => s.visibleTo.includes(p)));
    funds.push({ ...group.fund, slug: uniqueSlug(group.fund.name, fundSlugs, group.fund.name), visibleTo, shares });
  }
  return { ok: true, rows: lines.length, existing: existing.sort((a, b) => a.line - b.line), funds };
}
