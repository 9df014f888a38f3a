import 'server-only';
import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { registrationKey, type Audience } from '@/domain/registrations/audience';
import { AUDIENCE_TAGS, FUNDS_TAG, MENU_TAG } from '@/domain/content/cache-tags';
import type { InvestorProfile } from '@/domain/catalog';
import type { ShareDistribution } from '@/domain/distribution/data';
import { registerMemoryCache } from '@/server/cache/registry';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';

/**
 * Every fund, share, figure and document reference of the site, in all languages, as stored.
 * It is small (tens of funds): loading it whole in a handful of queries is cheaper than many
 * narrow queries, and it is kept in memory until the data change (see invalidateCatalog).
 */
export type DocumentMeta = {
  id: number;
  documentTypeCode: string;
  fundId: number | null;
  shareId: number | null;
  newsId: number | null;
  locale: string;
  title: string;
  fileName: string;
  size: number;
  publishedAt: string;
  /** The countries it is offered in; empty: every country (a Swiss representative's notice names CH). */
  countries: string[];
  /** Whether the PDF is tagged (src/domain/documents/tagged.ts); null: unknown. */
  tagged: boolean | null;
};

export type RawCatalog = {
  categories: (typeof t.fundCategories.$inferSelect)[];
  funds: (typeof t.funds.$inferSelect)[];
  shares: (typeof t.shares.$inferSelect)[];
  performances: Map<number, typeof t.sharePerformances.$inferSelect>;
  lastPrices: Map<number, { date: string; nav: number }>;
  documents: DocumentMeta[];
  documentTypes: Map<string, typeof t.documentTypes.$inferSelect>;
  eligibilities: Map<number, (typeof t.eligibilities.$inferSelect)[]>;
  esgLabels: Map<string, typeof t.esgLabels.$inferSelect>;
  benchmarks: Map<string, typeof t.benchmarks.$inferSelect>;
  currencies: Map<string, string>;
  /** The country codes of the country table. */
  countries: string[];
  /** The cells of the registration matrix registered today (registeredToday), as registrationKey(share, country, profile). */
  registered: Set<string>;
  /** Share id → the (country, profile) pairs it is registered for today. */
  registrations: Map<number, { country: string; profile: string }[]>;
  /** Share id → its distribution data (target market, costs, PRIIPs answers: src/domain/distribution/data.ts). */
  distributions: Map<number, { data: ShareDistribution; updatedAt: Date }>;
  /** Fund id → its sustainability answers for the EET. */
  sustainability: Map<number, typeof t.fundSustainability.$inferSelect>;
  loadedAt: number;
};

export const documentMetaColumns = {
  id: t.documents.id,
  documentTypeCode: t.documents.documentTypeCode,
  fundId: t.documents.fundId,
  shareId: t.documents.shareId,
  newsId: t.documents.newsId,
  locale: t.documents.locale,
  title: t.documents.title,
  fileName: t.documents.fileName,
  size: t.documents.size,
  publishedAt: t.documents.publishedAt,
  countries: t.documents.countries,
  tagged: t.documents.tagged,
};

/**
 * The one condition of "registered today" (docs/decisions/035): from `registered_on`, until the day
 * before `withdrawn_on`, by the database's UTC date (the day the clock turns at, docs/decisions/064,
 * whatever the session's time zone). Every public read of the matrix goes through it.
 */
export function registeredToday(): SQL {
  const today = sql`(now() at time zone 'UTC')::date`;
  return sql`${t.shareRegistrations.registeredOn} <= ${today} AND (${t.shareRegistrations.withdrawnOn} IS NULL OR ${t.shareRegistrations.withdrawnOn} > ${today})`;
}

async function load(db: Db): Promise<RawCatalog> {
  const [categories, funds, shares, performances, lastPrices, documents, documentTypes, fundElig, esgLabels, benchmarks, currencies, countries, registrations, distributions, sustainability] =
    await Promise.all([
      db.select().from(t.fundCategories).orderBy(asc(t.fundCategories.displayOrder)),
      db.select().from(t.funds).orderBy(asc(t.funds.position)),
      db.select().from(t.shares).orderBy(asc(t.shares.fundId), asc(t.shares.position)),
      db.select().from(t.sharePerformances),
      // The last price of each share: PostgreSQL's DISTINCT ON walks the (share_id, date) primary key backwards.
      db
        .selectDistinctOn([t.navs.shareId], { shareId: t.navs.shareId, date: t.navs.date, nav: t.navs.nav })
        .from(t.navs)
        .orderBy(t.navs.shareId, sql`${t.navs.date} desc`),
      db
        .select(documentMetaColumns)
        .from(t.documents)
        .where(
          and(
            isNotNull(sql`coalesce(${t.documents.fundId}, ${t.documents.shareId})`),
            // A fund event's notice is offered with its event (src/server/events/queries.ts), never as the fund's current document.
            isNull(t.documents.eventId),
            // What visitors may see: published, and the current version of a replaced document.
            eq(t.documents.published, true),
            isNull(t.documents.supersededAt),
          ),
        )
        .orderBy(asc(t.documents.documentTypeCode), sql`${t.documents.publishedAt} desc`, sql`${t.documents.id} desc`),
      db.select().from(t.documentTypes).orderBy(asc(t.documentTypes.position)),
      db
        .select({ fundId: t.fundEligibilities.fundId, code: t.eligibilities.code, title: t.eligibilities.title })
        .from(t.fundEligibilities)
        .innerJoin(t.eligibilities, eq(t.eligibilities.code, t.fundEligibilities.eligibilityCode))
        .orderBy(asc(t.eligibilities.code)),
      db.select().from(t.esgLabels),
      db.select().from(t.benchmarks),
      db.select().from(t.currencies),
      db.select({ code: t.countries.code }).from(t.countries),
      db
        .select({ shareId: t.shareRegistrations.shareId, country: t.shareRegistrations.countryCode, profile: t.shareRegistrations.investorProfile })
        .from(t.shareRegistrations)
        .where(registeredToday())
        .orderBy(asc(t.shareRegistrations.countryCode), asc(t.shareRegistrations.investorProfile)),
      db.select().from(t.shareDistributions),
      db.select().from(t.fundSustainability),
    ]);
  const byShare = new Map<number, { country: string; profile: string }[]>();
  for (const row of registrations) byShare.set(row.shareId, [...(byShare.get(row.shareId) ?? []), { country: row.country, profile: row.profile }]);
  const eligibilities = new Map<number, (typeof t.eligibilities.$inferSelect)[]>();
  for (const row of fundElig) {
    const list = eligibilities.get(row.fundId) ?? [];
    list.push({ code: row.code, title: row.title });
    eligibilities.set(row.fundId, list);
  }
  return {
    categories,
    funds,
    shares,
    performances: new Map(performances.map((p) => [p.shareId, p])),
    lastPrices: new Map(lastPrices.map((p) => [p.shareId, { date: p.date, nav: p.nav }])),
    documents,
    documentTypes: new Map(documentTypes.map((d) => [d.code, d])),
    eligibilities,
    esgLabels: new Map(esgLabels.map((l) => [l.code, l])),
    benchmarks: new Map(benchmarks.map((b) => [b.code, b])),
    currencies: new Map(currencies.map((c) => [c.code, c.symbol])),
    countries: countries.map((c) => c.code).sort(),
    registered: new Set(registrations.map((r) => registrationKey(r.shareId, r.country, r.profile))),
    registrations: byShare,
    distributions: new Map(distributions.map((d) => [d.shareId, { data: d.data, updatedAt: d.updatedAt }])),
    sustainability: new Map(sustainability.map((s) => [s.fundId, s])),
    loadedAt: Date.now(),
  };
}

/**
 * A safety net only: every change is published (src/server/publish), and every dated one (a
 * registration's first or last day) by the clock at its moment (src/server/clock/schedule.ts),
 * which drops the catalog (src/server/cache/registry.ts) in this process and, through PostgreSQL's LISTEN/NOTIFY, in the others. Should a notification be
 * lost in a way the listener cannot see, the catalog is reloaded after this long anyway.
 */
const MAX_AGE_MS = 15 * 60_000;
type Holder = { pending?: Promise<RawCatalog>; db?: Db };
const holder = ((globalThis as { __fundhouseCatalog?: Holder }).__fundhouseCatalog ??= {});

export function invalidateCatalog(): void {
  holder.pending = undefined;
}

registerMemoryCache({
  name: 'fund catalog',
  holds: 'every fund, share, last price, figure, document reference, registration and distribution data of the site (src/server/funds/catalog.ts)',
  // A fund's data or figures, the menu (a fund or share added, archived, retitled), or the registrations of an audience.
  invalidatedBy: [FUNDS_TAG, MENU_TAG, AUDIENCE_TAGS],
  clear: invalidateCatalog,
});

export async function rawCatalog(db: Db): Promise<RawCatalog> {
  if (holder.db !== db) {
    holder.db = db;
    holder.pending = undefined;
  }
  const current = holder.pending;
  if (current) {
    const catalog = await current.catch(() => undefined);
    if (catalog && Date.now() - catalog.loadedAt < MAX_AGE_MS) return catalog;
    if (holder.pending !== current) return rawCatalog(db);
  }
  const next = load(db);
  holder.pending = next;
  next.catch(() => {
    if (holder.pending === next) holder.pending = undefined;
  });
  return next;
}

/** What a profile may see (docs/product.md "Data"): each fund and share lists its profiles. */
export function visibleTo(profile: InvestorProfile, row: { visibleTo: string[]; active: boolean }): boolean {
  return row.active && row.visibleTo.includes(profile);
}


/**
 * Whether an audience may see a share class (docs/decisions/035): its profile is one the class is
 * visible to, and the class is registered today for that country and profile.
 */
export function shareVisibleTo(catalog: RawCatalog, audience: Audience, share: { id: number; visibleTo: string[] }): boolean {
  return share.visibleTo.includes(audience.profile) && catalog.registered.has(registrationKey(share.id, audience.country, audience.profile));
}

/**
 * Whether an audience may see a fund: active, visible to its profile, and at least one of its active
 * share classes is registered for it. A fund none of whose classes may be marketed there is absent,
 * and so is a fund with no active class (all archived, or none created yet): registrations are the
 * share classes', so such a fund may be marketed nowhere (docs/cross-border-distribution.md). Every
 * public read of a fund (its pages, range, menus, finder, documents, news, content, sitemap, RSS,
 * GraphQL) asks this.
 */
export function fundVisibleTo(catalog: RawCatalog, audience: Audience, fund: { id: number; visibleTo: string[]; active: boolean }): boolean {
  if (!visibleTo(audience.profile, fund)) return false;
  return catalog.shares.some((s) => s.fundId === fund.id && s.active && shareVisibleTo(catalog, audience, s));
}

/** A document offered in the audience's country: a general one, or one restricted to countries that include it. */
export function offeredIn(country: string, document: { countries: string[] }): boolean {
  return document.countries.length === 0 || document.countries.includes(country);
}
