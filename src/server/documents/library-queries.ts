import 'server-only';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { env, type Locale } from '@/env';
import type { Audience } from '@/domain/registrations/audience';
import {
  ARCHIVE_DOCUMENT_TYPES,
  LIBRARY_PAGE_SIZE,
  archiveStart,
  archivedDocumentPath,
  dateBounds,
  filterLibrary,
  offeredLibraryDocuments,
  ownerMatcher,
  sortLibrary,
  type LibraryDocument,
  type LibraryFacets,
  type LibraryQuery,
} from '@/domain/documents/library';
import { NEWS_ONLY } from '@/domain/documents/fund-documents';
import { databaseToday } from '@/server/clock/database-time';
import { getDb } from '@/server/db';
import * as t from '@/server/db/schema';
import { fundVisibleTo, rawCatalog, shareVisibleTo } from '../funds/catalog';
import { offeredDocumentTypes } from './offer-queries';
import { offeredInCountry, STORED_DOCUMENT_COLUMNS, type StoredDocument } from './queries';
import { listFunds, listFundsWithFigures } from '../funds/queries';
import { libraryNoticeDocuments } from '../events/queries';
import { offeredLocales } from '../site/languages-queries';

/** The form's choices in the page's language: the funds and classes the profile may see, as the fund range lists them. */
export async function libraryFacets(locale: Locale, audience: Audience): Promise<LibraryFacets> {
  const [funds, types] = await Promise.all([listFundsWithFigures(locale, audience), offeredDocumentTypes(locale)]);
  return {
    funds: funds.map((f) => ({ slug: f.slug, title: f.title, shares: f.shares.map((s) => ({ isinCode: s.isinCode, name: s.name })) })),
    types: types.filter((type) => !NEWS_ONLY.includes(type.code)),
    languages: [...(await offeredLocales())],
  };
}

/**
 * Every current document the fund and share pages offer to the profile, in every served language:
 * built from the same views (listFunds) and the same offer (documentOffer) as those pages.
 */
export async function currentLibraryDocuments(audience: Audience): Promise<LibraryDocument[]> {
  const offered = await offeredLocales();
  const perLocale = await Promise.all(
    offered.map(async (locale) => {
      const [funds, types] = await Promise.all([listFunds(locale, audience), offeredDocumentTypes(locale)]);
      return offeredLibraryDocuments({ locale, funds, types });
    }),
  );
  // The notices of fund events (type FUND_NOTICE) the audience may see, each with its fund (issue 34).
  return [...perLocale.flat(), ...(await libraryNoticeDocuments(audience, offered))];
}

export type LibraryResults = { rows: LibraryDocument[]; total: number };

/** One page of the current documents that pass the query. */
export async function currentLibraryPage(audience: Audience, query: LibraryQuery, facets: LibraryFacets): Promise<LibraryResults> {
  const rows = sortLibrary(filterLibrary(await currentLibraryDocuments(audience), query, facets), facets);
  const start = (query.page - 1) * LIBRARY_PAGE_SIZE;
  return { rows: rows.slice(start, start + LIBRARY_PAGE_SIZE), total: rows.length };
}

/** The database's UTC date, the day the clock turns the archive window at (decision 064). */
const today = () => databaseToday();

/** The first instant of the archive window (DOCUMENT_ARCHIVE_YEARS before today). */
function windowStart(): Date {
  return new Date(`${archiveStart(today(), env().DOCUMENT_ARCHIVE_YEARS)}T00:00:00Z`);
}

/** What the archive may ever show: a published, superseded KID or prospectus, replaced within the window, in a served language. */
function archivable(offered: readonly Locale[]): SQL | undefined {
  return and(
    eq(t.documents.published, true),
    isNotNull(t.documents.supersededAt),
    gte(t.documents.supersededAt, windowStart()),
    inArray(t.documents.documentTypeCode, [...ARCHIVE_DOCUMENT_TYPES]),
    inArray(t.documents.locale, [...offered]),
  );
}

/** The funds and classes the profile may see (as listFunds: visible, active; a class also needs its fund), by id. */
async function visibleOwners(audience: Audience) {
  const catalog = await rawCatalog(await getDb());
  const funds = new Map(catalog.funds.filter((f) => fundVisibleTo(catalog, audience, f)).map((f) => [f.id, f.slug]));
  const shares = new Map(
    catalog.shares.filter((s) => funds.has(s.fundId) && s.active && shareVisibleTo(catalog, audience, s)).map((s) => [s.id, { fundSlug: funds.get(s.fundId) as string, isinCode: s.isinCode }]),
  );
  return { funds, shares };
}

/**
 * One page of the archived versions that pass the query, newest replacement first. The filters are
 * applied in SQL (the owners that pass the fund, class and text filters are resolved first, from the
 * catalog), so the work is bounded by a page whatever the archive's size.
 */
export async function archivedLibraryPage(audience: Audience, query: LibraryQuery, facets: LibraryFacets): Promise<LibraryResults> {
  const owners = await visibleOwners(audience);
  const matches = ownerMatcher(query, facets);
  const fundIds = [...owners.funds].filter(([, fundSlug]) => matches({ fundSlug, isinCode: null })).map(([id]) => id);
  const shareIds = [...owners.shares].filter(([, owner]) => matches(owner)).map(([id]) => id);
  if ((fundIds.length === 0 && shareIds.length === 0) || (query.type !== null && !ARCHIVE_DOCUMENT_TYPES.includes(query.type))) return { rows: [], total: 0 };
  const { from, to } = dateBounds(query);
  const where = and(
    archivable(await offeredLocales()),
    offeredInCountry(audience.country),
    or(
      fundIds.length > 0 ? and(inArray(t.documents.fundId, fundIds), isNull(t.documents.shareId)) : undefined,
      shareIds.length > 0 ? inArray(t.documents.shareId, shareIds) : undefined,
    ),
    query.type ? eq(t.documents.documentTypeCode, query.type) : undefined,
    query.language ? eq(t.documents.locale, query.language) : undefined,
    from ? gte(t.documents.publishedAt, from) : undefined,
    to ? lte(t.documents.publishedAt, to) : undefined,
  );
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: t.documents.id,
        code: t.documents.documentTypeCode,
        fundId: t.documents.fundId,
        shareId: t.documents.shareId,
        locale: t.documents.locale,
        publishedAt: t.documents.publishedAt,
        supersededAt: t.documents.supersededAt,
        size: t.documents.size,
        tagged: t.documents.tagged,
      })
      .from(t.documents)
      .where(where)
      .orderBy(desc(t.documents.supersededAt), desc(t.documents.publishedAt), desc(t.documents.id))
      .limit(LIBRARY_PAGE_SIZE)
      .offset((query.page - 1) * LIBRARY_PAGE_SIZE),
    db.select({ n: count() }).from(t.documents).where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.flatMap((row): LibraryDocument[] => {
      const share = row.shareId === null ? null : owners.shares.get(row.shareId);
      const fundSlug = share ? share.fundSlug : row.fundId === null ? undefined : owners.funds.get(row.fundId);
      if (!fundSlug || !row.supersededAt) return [];
      const locale = row.locale as Locale;
      const isinCode = share?.isinCode ?? null;
      const code = row.code as LibraryDocument['code'];
      return [
        {
          fundSlug,
          isinCode,
          code,
          locale,
          publishedAt: row.publishedAt,
          size: row.size,
          url: archivedDocumentPath(locale, fundSlug, isinCode, code, row.id),
          supersededAt: row.supersededAt.toISOString().slice(0, 10),
          tagged: row.tagged,
        },
      ];
    }),
  };
}

/**
 * One archived version at its stable address (docs/product.md §2), or null (a 404) when the id is not
 * an archived version of that fund or class, type and language within the window, the audience may
 * not see its owner, or it is not offered in the audience's country (offeredInCountry, as the archive
 * list and the current documents: a version restricted to other countries is theirs only).
 */
export async function findArchivedDocument(
  locale: Locale,
  fundSlug: string,
  isin: string | null,
  typeCode: string,
  id: number,
  audience: Audience,
): Promise<StoredDocument | null> {
  if (!ARCHIVE_DOCUMENT_TYPES.includes(typeCode as LibraryDocument['code'])) return null;
  const owners = await visibleOwners(audience);
  const fundId = [...owners.funds].find(([, slug]) => slug === fundSlug)?.[0];
  if (fundId === undefined) return null;
  const shareId = isin === null ? null : [...owners.shares].find(([, s]) => s.fundSlug === fundSlug && s.isinCode === isin)?.[0];
  if (shareId === undefined) return null;
  const db = await getDb();
  const [row] = await db
    .select(STORED_DOCUMENT_COLUMNS)
    .from(t.documents)
    .where(
      and(
        eq(t.documents.id, id),
        archivable(await offeredLocales()),
        offeredInCountry(audience.country),
        eq(t.documents.locale, locale),
        eq(t.documents.documentTypeCode, typeCode),
        shareId === null ? and(eq(t.documents.fundId, fundId), isNull(t.documents.shareId)) : eq(t.documents.shareId, shareId),
      ),
    )
    .limit(1);
  return row ?? null;
}
