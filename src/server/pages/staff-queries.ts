import 'server-only';
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { countryOfPage, type LocalizedValue, type PageSnapshot } from '@/domain/content/page-edit';
import { TEMPLATE_GAP } from '@/domain/content/country-page';
import { IDENTITY_FIELDS, type CompanyIdentity } from '@/domain/content/house-identity';
import { escapeLike } from '@/server/db/like';
import type { Executor } from '@/server/db/types';
import { INTERNATIONAL_COUNTRY } from '@/domain/registrations/audience';
import { company, companyInfos, countries, componentTexts, keyFigures, pageComponents, pageVersions, pages, shareRegistrations } from '@/server/db/schema';

/** What the back-office's page and company screens read: stored texts in every language. */

/** `country`: the country of an investors' information page (country-FR), with its name; null for the others. */
export type PageListRow = { code: string; title: LocalizedValue; versions: number; country: { code: string; title: LocalizedValue } | null };

export async function listPagesForStaff(db: Executor): Promise<PageListRow[]> {
  const [rows, counts, countryRows] = await Promise.all([
    db.select({ code: pages.code, title: pages.title }).from(pages).orderBy(asc(pages.position), asc(pages.code)),
    db.select({ code: pageVersions.pageCode, n: count() }).from(pageVersions).groupBy(pageVersions.pageCode),
    db.select({ code: countries.code, title: countries.title }).from(countries),
  ]);
  const byCode = new Map(counts.map((c) => [c.code, Number(c.n)]));
  const countryTitle = new Map(countryRows.map((c) => [c.code, c.title as LocalizedValue]));
  return rows.map((r) => {
    const country = countryOfPage(r.code);
    return { ...r, versions: byCode.get(r.code) ?? 0, country: country ? { code: country, title: countryTitle.get(country) ?? { fr: country } } : null };
  });
}

/**
 * The pages still holding a gap of a template (TEMPLATE_GAP, `[…]`) in their title, description or a
 * text, in any language: the pages of an empty start's base seed wait there for the facts only the
 * house knows (docs/product.md "Data"). Codes in the pages' order.
 */
export async function pagesWithGaps(db: Executor): Promise<string[]> {
  const pattern = `%${escapeLike(TEMPLATE_GAP)}%`;
  const rows = await db
    .selectDistinct({ code: pages.code, position: pages.position })
    .from(pages)
    .leftJoin(pageComponents, eq(pageComponents.pageCode, pages.code))
    .leftJoin(componentTexts, eq(componentTexts.componentId, pageComponents.id))
    .where(or(sql`${pages.title}::text like ${pattern}`, sql`${pages.description}::text like ${pattern}`, sql`${componentTexts.content}::text like ${pattern}`))
    .orderBy(asc(pages.position), asc(pages.code));
  return rows.map((r) => r.code);
}

export type CountryRow = { code: string; title: LocalizedValue };

/**
 * The countries whose retail investors are owed an information page and have none (docs/decisions/035):
 * a share class is registered there for RETAIL and not withdrawn (registered today or from a later date,
 * so the page can be ready before the marketing starts), and no page `country-{CODE}` exists. The
 * international choice is not a country. In the country table's order; at most one row per country.
 */
export async function countriesWithoutPage(db: Executor): Promise<CountryRow[]> {
  const rows = await db
    .selectDistinct({ code: countries.code, title: countries.title, position: countries.position })
    .from(shareRegistrations)
    .innerJoin(countries, eq(countries.code, shareRegistrations.countryCode))
    .leftJoin(pages, eq(pages.code, sql`'country-' || ${countries.code}`))
    .where(
      and(
        eq(shareRegistrations.investorProfile, 'RETAIL'),
        or(isNull(shareRegistrations.withdrawnOn), gt(shareRegistrations.withdrawnOn, sql`current_date`)),
        isNull(pages.code),
        ne(countries.code, INTERNATIONAL_COUNTRY),
      ),
    )
    .orderBy(asc(countries.position), asc(countries.code));
  return rows.map((r) => ({ code: r.code, title: r.title as LocalizedValue }));
}

/** A country of the country table (not the international choice), or null. */
export async function countryForPage(db: Executor, code: string): Promise<CountryRow | null> {
  if (code === INTERNATIONAL_COUNTRY) return null;
  const [row] = await db.select({ code: countries.code, title: countries.title }).from(countries).where(eq(countries.code, code));
  return row ? { code: row.code, title: row.title as LocalizedValue } : null;
}

/** A page's title, description, components and texts as stored, in every language; null if unknown. */
export async function pageSnapshot(db: Executor, code: string): Promise<PageSnapshot | null> {
  const [page] = await db.select().from(pages).where(eq(pages.code, code));
  if (!page) return null;
  const components = await db.select().from(pageComponents).where(eq(pageComponents.pageCode, code)).orderBy(asc(pageComponents.position), asc(pageComponents.id));
  const texts = components.length
    ? await db
        .select()
        .from(componentTexts)
        .where(
          inArray(
            componentTexts.componentId,
            components.map((c) => c.id),
          ),
        )
        .orderBy(asc(componentTexts.position), asc(componentTexts.id))
    : [];
  return {
    title: page.title,
    description: page.description,
    components: components.map((c) => ({
      code: c.code,
      texts: texts.filter((x) => x.componentId === c.id).map((x) => ({ code: x.code, content: x.content })),
    })),
  };
}

export type PageVersionRow = { number: number; kind: 'initial' | 'edit' | 'restore'; restoredFrom: number | null; actorLabel: string | null; at: Date };

const versionColumns = {
  number: pageVersions.number,
  kind: pageVersions.kind,
  restoredFrom: pageVersions.restoredFrom,
  actorLabel: pageVersions.actorLabel,
  at: pageVersions.at,
};

/** A page's kept versions, newest first (at most PAGE_LIMITS.versionsKept are kept). */
export async function listPageVersions(db: Executor, code: string): Promise<PageVersionRow[]> {
  const rows = await db.select(versionColumns).from(pageVersions).where(eq(pageVersions.pageCode, code)).orderBy(desc(pageVersions.number));
  return rows as PageVersionRow[];
}

export async function getPageVersion(db: Executor, code: string, number: number): Promise<(PageVersionRow & { snapshot: PageSnapshot }) | null> {
  if (!Number.isSafeInteger(number)) return null;
  const [row] = await db
    .select({ ...versionColumns, snapshot: pageVersions.snapshot })
    .from(pageVersions)
    .where(and(eq(pageVersions.pageCode, code), eq(pageVersions.number, number)));
  return (row as (PageVersionRow & { snapshot: PageSnapshot }) | undefined) ?? null;
}

export type CompanySnapshot = {
  title: LocalizedValue;
  baseline: LocalizedValue;
  subBaseline: LocalizedValue;
  infos: { code: string; content: LocalizedValue }[];
  keyFigures: { code: string; value: LocalizedValue; title: LocalizedValue }[];
  identity: CompanyIdentity;
};

/** The company's texts, infos, key figures, legal identity and colours as stored; null before the first seed. */
export async function companyForStaff(db: Executor): Promise<CompanySnapshot | null> {
  const [[row], infos, figures] = await Promise.all([
    db.select().from(company).limit(1),
    db.select().from(companyInfos).orderBy(asc(companyInfos.position), asc(companyInfos.code)),
    db.select().from(keyFigures).orderBy(asc(keyFigures.position), asc(keyFigures.code)),
  ]);
  if (!row) return null;
  return {
    title: row.title,
    baseline: row.baseline,
    subBaseline: row.subBaseline,
    infos: infos.map((i) => ({ code: i.code, content: i.content })),
    keyFigures: figures.map((f) => ({ code: f.code, value: f.value, title: f.title })),
    identity: Object.fromEntries(IDENTITY_FIELDS.map((name) => [name, row[name]])) as CompanyIdentity,
  };
}
