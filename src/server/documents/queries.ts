import 'server-only';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@/env';
import type { Audience } from '@/domain/registrations/audience';
import { getDb } from '@/server/db';
import * as t from '@/server/db/schema';
import { fundVisibleTo, rawCatalog, shareVisibleTo } from '../funds/catalog';
import { newsOnline, withoutHiddenFunds } from '../news/queries';

/** The columns a served document is read with (its bytes included): every StoredDocument read selects these. */
export const STORED_DOCUMENT_COLUMNS = {
  id: t.documents.id,
  fileName: t.documents.fileName,
  mimeType: t.documents.mimeType,
  size: t.documents.size,
  sha256: t.documents.sha256,
  data: t.documents.data,
  publishedAt: t.documents.publishedAt,
  locale: t.documents.locale,
};

export type StoredDocument = {
  id: number;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  data: Uint8Array;
  publishedAt: string;
  locale: string;
};

/** Visitors see only published documents, and of a replaced document only its current version. */
export const servedDocument = and(eq(t.documents.published, true), isNull(t.documents.supersededAt));

/** A document offered in the country: a general one (no country named), or one restricted to countries that include it (docs/decisions/035). */
export function offeredInCountry(country: string): SQL {
  return sql`(cardinality(${t.documents.countries}) = 0 OR ${country} = ANY(${t.documents.countries}))`;
}

/**
 * Newest document of the owner and type in the locale, else in French (the fallback language), offered in the country.
 * Not a fund event's notice: it is served at its own address once its event is shown (src/server/events/queries.ts).
 */
async function newest(owner: SQL | undefined, typeCode: string, locale: Locale, country: string): Promise<StoredDocument | null> {
  const db = await getDb();
  const [row] = await db
    .select(STORED_DOCUMENT_COLUMNS)
    .from(t.documents)
    .where(
      and(owner, servedDocument, isNull(t.documents.eventId), offeredInCountry(country), eq(t.documents.documentTypeCode, typeCode), inArray(t.documents.locale, [locale, 'fr'])),
    )
    .orderBy(sql`${t.documents.locale} = ${locale} desc`, desc(t.documents.publishedAt), desc(t.documents.id))
    .limit(1);
  return row ?? null;
}

/** A fund's document, or null when the fund, the type or the profile's right to see it is missing. */
export async function findFundDocument(
  locale: Locale,
  fundSlug: string,
  typeCode: string,
  audience: Audience,
): Promise<StoredDocument | null> {
  const catalog = await rawCatalog(await getDb());
  const fund = catalog.funds.find((f) => f.slug === fundSlug);
  if (!fund || !fundVisibleTo(catalog, audience, fund)) return null;
  return newest(and(eq(t.documents.fundId, fund.id), isNull(t.documents.shareId)), typeCode, locale, audience.country);
}

export async function findShareDocument(
  locale: Locale,
  fundSlug: string,
  isin: string,
  typeCode: string,
  audience: Audience,
): Promise<StoredDocument | null> {
  const catalog = await rawCatalog(await getDb());
  const fund = catalog.funds.find((f) => f.slug === fundSlug);
  if (!fund || !fundVisibleTo(catalog, audience, fund)) return null;
  const share = catalog.shares.find((s) => s.isinCode === isin && s.fundId === fund.id);
  if (!share || !share.active || !shareVisibleTo(catalog, audience, share)) return null;
  return newest(eq(t.documents.shareId, share.id), typeCode, locale, audience.country);
}

export async function findNewsDocument(locale: Locale, slug: string, audience: Audience): Promise<StoredDocument | null> {
  const db = await getDb();
  const rows = await db
    .select({ id: t.news.id, fundId: t.news.fundId })
    .from(t.news)
    .where(and(eq(t.news.locale, locale), eq(t.news.slug, slug), newsOnline(audience.profile)))
    .limit(1);
  const [item] = await withoutHiddenFunds(db, rows, audience);
  if (!item) return null;
  const [row] = await db
    .select()
    .from(t.documents)
    .where(and(eq(t.documents.newsId, item.id), servedDocument, or(eq(t.documents.locale, locale), eq(t.documents.locale, 'fr'))))
    .orderBy(sql`${t.documents.locale} = ${locale} desc`, desc(t.documents.publishedAt))
    .limit(1);
  return row ?? null;
}
