import 'server-only';
import { env, type Locale } from '@/env';
import { CHARACTERISTICS, INVESTOR_PROFILES, SFDR_SECTIONS, type DocumentTypeCode, type InvestorProfile } from '@/domain/catalog';
import { formatCompactMoney, formatDate } from '@/domain/language/format';
import { pick, pickOrNull } from '@/domain/language/localize';
import { isSafeLink } from '@/domain/content/link-target';
import type { DocumentRef, FetchedData, FundCategoryView, FundView, ShareView } from '@/domain/model';
import { PERFORMANCE_CODES, type PerformanceCode } from '@/domain/performance/compute';
import { formatNav, formatPerformance, formatRatio } from '@/domain/performance/format';
import { inceptionYear } from '@/domain/performance/share-age';
import { distributionView } from '@/domain/distribution/view';
import { fundDocumentPath, fundPath, shareDocumentPath, sharePath } from '@/domain/routing/urls';
import { FUNDS_TAG, fundTag, shareTag } from '@/domain/content/cache-tags';
import { markTags } from '@/server/cache/tags';
import { getDb } from '@/server/db';
import type { Db } from '@/server/db/client';
import type { FundCharacteristics, Localized } from '@/server/db/schema';
import { profilesByCountry, type Audience } from '@/domain/registrations/audience';
import { fundVisibleTo, offeredIn, rawCatalog, shareVisibleTo, visibleTo, type DocumentMeta, type RawCatalog } from './catalog';

const RATIO_CODES = new Set<PerformanceCode>(['sharpe_3y', 'sharpe_5y']);

function display(code: PerformanceCode, value: number | null, locale: Locale): string {
  return RATIO_CODES.has(code) ? formatRatio(value, locale) : formatPerformance(value, locale);
}

/** Newest document of each type in the locale, falling back to French (docs/product.md §1 fallback). */
function pickDocuments(
  docs: DocumentMeta[],
  locale: Locale,
  catalog: RawCatalog,
  url: (type: string) => string,
  country: string | null,
): DocumentRef[] {
  const byType = new Map<string, DocumentMeta>();
  // The documents of the visitor's country and the general ones (docs/decisions/035); null: any country's (the seed's and scripts' own reads).
  for (const doc of docs.filter((d) => country === null || offeredIn(country, d))) {
    const current = byType.get(doc.documentTypeCode);
    const better =
      !current ||
      (doc.locale === locale && current.locale !== locale) ||
      (doc.locale === current.locale && doc.publishedAt > current.publishedAt);
    if (better && (doc.locale === locale || doc.locale === 'fr')) byType.set(doc.documentTypeCode, doc);
  }
  return [...catalog.documentTypes.values()]
    .filter((type) => byType.has(type.code))
    .map((type) => {
      const doc = byType.get(type.code) as DocumentMeta;
      return {
        documentType: { code: type.code as DocumentTypeCode, title: pick(type.title, locale) },
        title: doc.title,
        fileName: doc.fileName,
        size: doc.size,
        locale: doc.locale as Locale,
        publishedAt: doc.publishedAt,
        url: url(type.code),
        tagged: doc.tagged,
      };
    });
}

function characteristicList(values: FundCharacteristics, scope: 'fund' | 'share', locale: Locale) {
  return CHARACTERISTICS.filter((c) => c.scope === scope && values[c.code]).map((c) => ({
    code: c.code,
    value: pick(values[c.code] as Localized, locale),
  }));
}

/**
 * Every figure of docs/methodology.md as the share page shows it ("-" for none, "+ " before a gain):
 * from the stored performance row, or from one computed for an earlier date (the monthly factsheet).
 */
export function fetchedDataOf(
  perf: { asOf: string | null; figures: Partial<Record<PerformanceCode, number | null>>; benchmarkFigures: Partial<Record<PerformanceCode, number | null>> | null } | null,
  locale: Locale,
): FetchedData[] {
  const asOf = perf?.asOf ?? null;
  return PERFORMANCE_CODES.map((code) => {
    const value = perf?.figures[code] ?? null;
    const benchmarkValue = perf?.benchmarkFigures?.[code] ?? null;
    return {
      code,
      value,
      displayValue: display(code, value, locale),
      date: asOf,
      dateTo: asOf ? formatDate(asOf, locale) : null,
      benchmarkValue,
      benchmarkDisplayValue: display(code, benchmarkValue, locale),
    };
  });
}

function toShare(
  share: RawCatalog['shares'][number],
  fund: RawCatalog['funds'][number],
  catalog: RawCatalog,
  locale: Locale,
  country: string | null,
): ShareView {
  const perf = catalog.performances.get(share.id);
  const last = catalog.lastPrices.get(share.id) ?? null;
  const fetchedData = fetchedDataOf(perf ?? null, locale);
  const fundSlug = fund.slug;
  const distribution = catalog.distributions.get(share.id);
  return {
    id: share.id,
    fundSlug,
    slug: share.slug,
    name: share.name,
    isinCode: share.isinCode,
    managementGoal: pick(share.managementGoal, locale),
    inceptionDate: share.inceptionDate,
    formattedInceptionDate: formatDate(share.inceptionDate, locale),
    inceptionNav: share.inceptionNav,
    sriLevel: share.sriLevel,
    currency: { code: share.currencyCode, symbol: catalog.currencies.get(share.currencyCode) ?? share.currencyCode },
    lastPrice: last
      ? {
          date: last.date,
          formattedDate: formatDate(last.date, locale),
          value: last.nav,
          displayValue: formatNav(last.nav, share.currencyCode, locale),
        }
      : null,
    fetchedData,
    calendarYears: perf?.calendarYears ?? [],
    // docs/product.md §4: no last price counts as less than a year.
    lessThanOneYear: perf ? perf.lessThanOneYear : true,
    inceptionYear: inceptionYear(share.inceptionDate),
    isMain: share.isMain,
    active: share.active,
    url: sharePath(locale, fundSlug, share.slug),
    characteristics: characteristicList(share.characteristics, 'share', locale),
    documents: pickDocuments(
      catalog.documents.filter((d) => d.shareId === share.id),
      locale,
      catalog,
      (type) => shareDocumentPath(locale, fundSlug, share.isinCode, type),
      country,
    ),
    visibleTo: share.visibleTo as InvestorProfile[],
    distribution: distribution ? distributionView(distribution.data, fund.minRecommendedInvestmentDuration) : null,
  };
}

function toFund(
  fund: RawCatalog['funds'][number],
  catalog: RawCatalog,
  locale: Locale,
  audience: Audience | { profile: InvestorProfile; country: null },
  includeInactiveShares: boolean,
): FundView {
  const category = catalog.categories.find((c) => c.code === fund.categoryCode);
  const { country } = audience;
  const shares = catalog.shares
    .filter(
      (s) =>
        s.fundId === fund.id &&
        (country === null ? s.visibleTo.includes(audience.profile) : shareVisibleTo(catalog, { profile: audience.profile, country }, s)) &&
        (includeInactiveShares || s.active),
    )
    .sort((a, b) => Number(b.isMain) - Number(a.isMain) || a.position - b.position)
    .map((s) => toShare(s, fund, catalog, locale, country));
  const benchmark = fund.benchmarkCode ? catalog.benchmarks.get(fund.benchmarkCode) : undefined;
  return {
    id: fund.id,
    slug: fund.slug,
    title: pick(fund.title, locale),
    category: {
      code: fund.categoryCode,
      title: category ? pick(category.title, locale) : fund.categoryCode,
      description: category ? pick(category.description, locale) : '',
    },
    categoryDisplayOrder: category?.displayOrder ?? Number.MAX_SAFE_INTEGER,
    isHighlight: fund.isHighlight,
    description: pick(fund.description, locale),
    philosophy: pick(fund.philosophy, locale),
    customData: fund.customData,
    classification: pick(fund.classification, locale),
    riskLevel: fund.riskLevel,
    sfdrArticle: fund.sfdrArticle,
    minRecommendedInvestmentDuration: fund.minRecommendedInvestmentDuration,
    aum: {
      value: fund.aumValue,
      currency: fund.aumCurrencyCode,
      displayValue: formatCompactMoney(fund.aumValue, fund.aumCurrencyCode, locale),
      date: fund.aumDate,
      dateTo: formatDate(fund.aumDate, locale),
    },
    eligibilities: (catalog.eligibilities.get(fund.id) ?? []).map((e) => ({ code: e.code, title: pick(e.title, locale) })),
    specificCategory: fund.specificCategory ? { title: pickOrNull(fund.specificCategory, locale) ?? '' } : null,
    tags: fund.tags.map((tag) => ({ label: pick(tag, locale) })),
    url: fundPath(locale, fund.slug),
    currencies: [...new Set(shares.map((s) => s.currency.code))].sort(),
    characteristics: characteristicList(fund.characteristics, 'fund', locale),
    esgLabels: fund.esgLabels.map((code) => {
      const label = catalog.esgLabels.get(code);
      return { code, title: label ? pick(label.title, locale) : code };
    }),
    sfdrDisclosure: fund.sfdrDisclosure
      ? SFDR_SECTIONS.filter((code) => fund.sfdrDisclosure?.[code]).map((code) => ({
          code,
          content: pick(fund.sfdrDisclosure?.[code] as Localized, locale),
        }))
      : null,
    // A partner is its site: one whose address is not an https link is not served.
    partners: fund.partners.filter((p) => isSafeLink(p.url, ['https'])).map((p) => ({ name: p.name, url: p.url, description: pick(p.description, locale) })),
    benchmark: benchmark ? { code: benchmark.code, title: pick(benchmark.title, locale) } : null,
    documents: pickDocuments(
      catalog.documents.filter((d) => d.fundId === fund.id),
      locale,
      catalog,
      (type) => fundDocumentPath(locale, fund.slug, type),
      country,
    ),
    shares,
    visibleTo: fund.visibleTo as InvestorProfile[],
  };
}

/** docs/product.md §9: funds sorted ascending by category display order (then highlighted first, then by position). */
export type FundOptions = { includeInactiveShares?: boolean };

/**
 * The localized views are derived from one catalog snapshot: they are built once per snapshot,
 * locale, profile and option, and dropped with the snapshot when the data change.
 */
const views = new WeakMap<RawCatalog, Map<string, FundView[]>>();

function fundViews(catalog: RawCatalog, locale: Locale, audience: Audience, includeInactive: boolean): FundView[] {
  // A country the table does not hold has no registration: nothing, and no cache entry (the key space stays bounded).
  if (!catalog.countries.includes(audience.country)) return [];
  let byKey = views.get(catalog);
  if (!byKey) {
    byKey = new Map();
    views.set(catalog, byKey);
  }
  const key = `${locale}|${audience.profile}|${audience.country}|${includeInactive}`;
  let list = byKey.get(key);
  if (!list) {
    list = catalog.funds
      .filter((f) => fundVisibleTo(catalog, audience, f))
      .map((f) => toFund(f, catalog, locale, audience, includeInactive))
      .sort((a, b) => a.categoryDisplayOrder - b.categoryDisplayOrder || Number(b.isHighlight) - Number(a.isHighlight));
    byKey.set(key, list);
  }
  return list;
}

/** The funds an audience (investor profile × country of residence) may see, with the share classes registered for it. */
export async function listFunds(locale: Locale, audience: Audience, options: FundOptions = {}): Promise<FundView[]> {
  const catalog = await rawCatalog(await getDb());
  return fundViews(catalog, locale, audience, options.includeInactiveShares ?? false);
}

/**
 * The funds with their figures, for a page that lists them (home, fund range, document library):
 * the page carries the fund lists' tag, which every change of a fund's data expires. The menu every
 * page carries reads listFunds instead (titles only: its changes publish `menu`).
 */
export async function listFundsWithFigures(locale: Locale, audience: Audience): Promise<FundView[]> {
  const [funds] = await Promise.all([listFunds(locale, audience), markTags([FUNDS_TAG])]);
  return funds;
}

/** Per country, the investor profiles a share class is registered for today (GraphQL `Share.registrations`). */
export async function shareRegistrationsOf(shareId: number): Promise<{ country: string; investorProfiles: InvestorProfile[] }[]> {
  const catalog = await rawCatalog(await getDb());
  return profilesByCountry(catalog.registrations.get(shareId) ?? []);
}

/** The countries where at least one share class is registered today, for some profile (their information page exists). */
export async function registeredCountries(): Promise<ReadonlySet<string>> {
  const catalog = await rawCatalog(await getDb());
  return new Set([...catalog.registrations.values()].flatMap((cells) => cells.map((c) => c.country)));
}

/** The country codes of the country table. */
export async function knownCountries(): Promise<string[]> {
  return (await rawCatalog(await getDb())).countries;
}

export async function listFundCategories(
  locale: Locale,
  audience: Audience,
  options: FundOptions = {},
): Promise<FundCategoryView[]> {
  const catalog = await rawCatalog(await getDb());
  const funds = await listFunds(locale, audience, options);
  return catalog.categories.map((c) => ({
    code: c.code,
    title: pick(c.title, locale),
    description: pick(c.description, locale),
    displayOrder: c.displayOrder,
    funds: funds.filter((f) => f.category.code === c.code),
  }));
}

async function findFund(locale: Locale, slug: string, audience: Audience, options: FundOptions = {}): Promise<FundView | null> {
  const funds = await listFunds(locale, audience, options);
  return funds.find((f) => f.slug === slug) ?? null;
}

/** One fund; the page being rendered carries its tag (a change of that fund expires it). */
export async function getFund(
  locale: Locale,
  slug: string,
  audience: Audience,
  options: FundOptions = {},
): Promise<FundView | null> {
  const [fund] = await Promise.all([findFund(locale, slug, audience, options), markTags([fundTag(slug)])]);
  return fund;
}

export async function getShare(
  locale: Locale,
  fundSlug: string,
  shareSlug: string,
  audience: Audience,
): Promise<{ fund: FundView; share: ShareView } | null> {
  // The share's tag only: a change of its fund names the share classes whose pages it changes (src/domain/content/publication.ts).
  const [fund] = await Promise.all([findFund(locale, fundSlug, audience), markTags([shareTag(fundSlug, shareSlug)])]);
  const share = fund?.shares.find((s) => s.slug === shareSlug);
  return fund && share ? { fund, share } : null;
}

export async function getShareByIsin(
  locale: Locale,
  isin: string,
  audience: Audience,
): Promise<{ fund: FundView; share: ShareView } | null> {
  const catalog = await rawCatalog(await getDb());
  const share = catalog.shares.find((s) => s.isinCode === isin);
  const fund = share ? catalog.funds.find((f) => f.id === share.fundId) : undefined;
  return fund && share ? getShare(locale, fund.slug, share.slug, audience) : null;
}

/**
 * One share class and its fund as the share page builds them, whatever the investor profile that may see it
 * (the first one that does) and whatever the countries it is registered in (its general documents),
 * read through `db` (the seed and the scripts pass theirs). Null for an unknown or inactive share class.
 */
export async function shareForDocuments(db: Db, shareId: number, locale: Locale): Promise<{ fund: FundView; share: ShareView } | null> {
  const catalog = await rawCatalog(db);
  const raw = catalog.shares.find((s) => s.id === shareId);
  const rawFund = raw ? catalog.funds.find((f) => f.id === raw.fundId) : undefined;
  if (!raw || !rawFund) return null;
  for (const profile of INVESTOR_PROFILES) {
    if (!visibleTo(profile, rawFund)) continue;
    const fund = toFund(rawFund, catalog, locale, { profile, country: null }, false);
    const share = fund.shares.find((s) => s.id === shareId);
    if (share) return { fund, share };
  }
  return null;
}

/** Only the keys a stored row has: a proposal's patch never adds a field the row does not hold. */
function overlay<R extends object>(row: R, patch: Record<string, unknown>): R {
  return { ...row, ...Object.fromEntries(Object.entries(patch).filter(([key]) => key in row)) };
}

/**
 * A fund as the public would read it with a proposed change of the fund or of one of its share
 * classes applied (the review screen's preview, docs/approval.md): the current catalog with the
 * stored fields replaced by the proposal's, for the home country and the first profile the fund is
 * meant for. Nothing is cached: a preview is drawn once per review screen.
 */
export async function previewFund(
  locale: Locale,
  target: { fundId: number; patch: Record<string, unknown> } | { shareId: number; patch: Record<string, unknown> },
): Promise<{ fund: FundView; shareId: number | null } | null> {
  const current = await rawCatalog(await getDb());
  const share = 'shareId' in target ? current.shares.find((s) => s.id === target.shareId) : undefined;
  const fundId = 'fundId' in target ? target.fundId : share?.fundId;
  const row = current.funds.find((f) => f.id === fundId);
  if (!row || ('shareId' in target && !share)) return null;
  const fund = 'fundId' in target ? overlay(row, target.patch) : row;
  const catalog: RawCatalog = share ? { ...current, shares: current.shares.map((s) => (s.id === share.id ? overlay(s, target.patch) : s)) } : current;
  const profile = (INVESTOR_PROFILES as readonly string[]).find((p) => fund.visibleTo.includes(p)) ?? INVESTOR_PROFILES[0];
  const audience: Audience = { profile: profile as InvestorProfile, country: env().DEFAULT_COUNTRY };
  return { fund: toFund(fund, catalog, locale, audience, true), shareId: share?.id ?? null };
}
