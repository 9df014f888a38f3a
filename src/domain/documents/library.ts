import type { DocumentTypeCode } from '../catalog';
import { daysInMonth, isIsoDate, type IsoDate } from '../dates';
import { documentOffer } from './fund-documents';
import { MAX_SEARCH_LENGTH, normalizeSearchText, type SearchParamsInput } from '../funds/finder';
import { parseIsin } from '../funds/isin';
import type { Locale } from '../language/locale';
import type { DocumentRef } from '../model';
import { fundDocumentPath, shareDocumentPath } from '../routing/urls';

/**
 * The document library (docs/product.md §2, docs/decisions/032): every document the fund and share
 * pages offer to a profile, in every served language, with filters read from the query string
 * (?fund=…&share=…&type=…&language=…&month=…&from=…&to=…&q=…&archive=1&page=…), so a filtered list
 * is a URL that can be shared and the form works without JavaScript. Values the form would not send
 * are ignored, never an error; only a page past the last one is a 404.
 */

/** The query-string fields of the library (the form's names and the page). */
export const LIBRARY_FIELDS = ['q', 'fund', 'share', 'type', 'language', 'month', 'from', 'to', 'archive', 'page'] as const;
/** The internal segment of the cached, unfiltered first page (/{locale}/{profile}/documents/all). */
export const LIBRARY_ALL_SEGMENT = 'all';

/**
 * Whether a request's query string asks for the unfiltered first page, which is cached per language
 * and profile: no library field with a value (an empty form submitted without JavaScript sends them
 * all empty; other parameters, such as utm_source, are ignored by the page as well).
 */
export function isUnfilteredLibrary(search: URLSearchParams): boolean {
  return LIBRARY_FIELDS.every((name) => search.getAll(name).every((value) => value.trim() === '' || (name === 'page' && value.trim() === '1')));
}

/** Rows per page. */
export const LIBRARY_PAGE_SIZE = 20;
/** The highest page number read from a URL (a longer number is ignored). */
export const LIBRARY_MAX_PAGE = 9999;
/** The superseded versions kept in the archive view: the KID and the prospectus (PRIIPs and UCITS duties). */
export const ARCHIVE_DOCUMENT_TYPES: readonly DocumentTypeCode[] = ['KIID', 'PROSPECTUS'];
/** Dates outside these years are ignored: no document of the site is older or newer. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2999;

export type LibraryDocument = {
  fundSlug: string;
  isinCode: string | null;
  code: DocumentTypeCode;
  /** The document's own language (not the page's). */
  locale: Locale;
  publishedAt: IsoDate;
  size: number;
  /** The stable address: the current version's, or for an archived version, that version's. */
  url: string;
  /** Archived versions only: when a newer version replaced it (its validity ends then). */
  supersededAt: IsoDate | null;
  /** A tagged PDF, readable with a screen reader (src/domain/documents/tagged.ts); null: unknown. */
  tagged: boolean | null;
};

/** What the form offers, in the page's language: the funds and share classes the profile may see. */
export type LibraryFacets = {
  funds: { slug: string; title: string; shares: { isinCode: string; name: string }[] }[];
  types: { code: DocumentTypeCode; title: string }[];
  languages: Locale[];
};

export type LibraryQuery = {
  fund: string | null;
  share: string | null;
  type: DocumentTypeCode | null;
  language: Locale | null;
  /** YYYY-MM: the documents published that month. */
  month: string | null;
  from: IsoDate | null;
  to: IsoDate | null;
  q: string;
  archive: boolean;
  page: number;
};

export const EMPTY_LIBRARY_QUERY: LibraryQuery = { fund: null, share: null, type: null, language: null, month: null, from: null, to: null, q: '', archive: false, page: 1 };

/** The fund and share pages' offer in one language: `funds` as the query layer returns them for that language. */
type OfferInput = {
  locale: Locale;
  funds: readonly { slug: string; documents: DocumentRef[]; shares: { name: string; isinCode: string; url: string; documents: DocumentRef[] }[] }[];
  types: { code: DocumentTypeCode; title: string }[];
};

function fromOffer(locale: Locale, fundSlug: string, isinCode: string | null, refs: DocumentRef[], offered: { code: DocumentTypeCode; url: string }[]): LibraryDocument[] {
  return offered.flatMap((o) => {
    const ref = refs.find((r) => r.documentType.code === o.code);
    // Only the documents in this language: the French fallback of a page is listed once, as the French document.
    if (!ref || ref.locale !== locale) return [];
    return [{ fundSlug, isinCode, code: o.code, locale, publishedAt: ref.publishedAt, size: ref.size, url: o.url, supersededAt: null, tagged: ref.tagged }];
  });
}

/**
 * The documents the fund and share pages of one language offer (documentOffer, the document check
 * on: only documents that exist), kept when they are in that language, at the address those pages link.
 * The library is the union of this over the served languages.
 */
export function offeredLibraryDocuments({ locale, funds, types }: OfferInput): LibraryDocument[] {
  return funds.flatMap((fund) => {
    const offer = documentOffer({ locale, fund, shares: fund.shares, types, checkDocuments: true });
    return [
      ...fromOffer(locale, fund.slug, null, fund.documents, offer.fund),
      ...offer.shares.flatMap((s, i) => fromOffer(locale, fund.slug, s.isinCode, fund.shares[i]?.documents ?? [], s.documents)),
    ];
  });
}

function first(value: string | string[] | undefined): string {
  const raw = Array.isArray(value) ? value[0] : value;
  return typeof raw === 'string' ? raw.trim().slice(0, 200) : '';
}

function oneOf<T extends string>(raw: string, allowed: readonly T[]): T | null {
  return allowed.find((value) => value === raw) ?? null;
}

function dateOrNull(raw: string): IsoDate | null {
  if (!isIsoDate(raw)) return null;
  const year = Number(raw.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR ? raw : null;
}

function monthOrNull(raw: string): string | null {
  const match = /^(\d{4})-(\d{2})$/.exec(raw);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12 ? raw : null;
}

/** The library query of a request's search params; anything the form would not send is dropped. */
export function parseLibraryQuery(params: SearchParamsInput, facets: LibraryFacets): LibraryQuery {
  const fund = oneOf(first(params.fund), facets.funds.map((f) => f.slug));
  const isin = parseIsin(first(params.share));
  const share = isin && facets.funds.some((f) => (fund === null || f.slug === fund) && f.shares.some((s) => s.isinCode === isin)) ? isin : null;
  let from = dateOrNull(first(params.from));
  let to = dateOrNull(first(params.to));
  if (from && to && from > to) [from, to] = [to, from];
  const rawPage = first(params.page);
  return {
    fund,
    share,
    type: oneOf(first(params.type), facets.types.map((t) => t.code)),
    language: oneOf(first(params.language), facets.languages),
    month: monthOrNull(first(params.month)),
    from,
    to,
    q: first(params.q).replace(/\s+/g, ' ').slice(0, MAX_SEARCH_LENGTH),
    archive: first(params.archive) === '1',
    page: /^[1-9][0-9]{0,3}$/.test(rawPage) && Number(rawPage) <= LIBRARY_MAX_PAGE ? Number(rawPage) : 1,
  };
}

/** The query string of a library query, without empty values nor page 1 ('' when unfiltered). */
export function librarySearch(query: LibraryQuery): string {
  const search = new URLSearchParams();
  const entries: [string, string | null][] = [
    ['q', query.q || null],
    ['fund', query.fund],
    ['share', query.share],
    ['type', query.type],
    ['language', query.language],
    ['month', query.month],
    ['from', query.from],
    ['to', query.to],
    ['archive', query.archive ? '1' : null],
    ['page', query.page > 1 ? String(query.page) : null],
  ];
  for (const [name, value] of entries) if (value) search.append(name, value);
  return search.toString();
}

/** How many filters narrow the list (the archive switch and the page are not filters). */
export function libraryFilterCount(query: LibraryQuery): number {
  return [query.fund, query.share, query.type, query.language, query.month, query.from, query.to, query.q || null].filter((v) => v !== null).length;
}

export type LibraryOwner = { fundSlug: string; isinCode: string | null };

/**
 * Whether a document's owner (a fund, or one of its share classes) passes the fund, share and text
 * filters. A search that is an ISIN of a visible class finds that class's documents and its fund's
 * own documents (the prospectus applies to it); otherwise every word must appear in the fund's name,
 * or in the class's name or ISIN.
 */
export function ownerMatcher(query: LibraryQuery, facets: LibraryFacets): (owner: LibraryOwner) => boolean {
  const funds = new Map(facets.funds.map((f) => [f.slug, f]));
  const isin = parseIsin(query.q);
  const isinOwner = isin
    ? facets.funds.flatMap((f) => f.shares.filter((s) => s.isinCode === isin || (isin.length === 11 && s.isinCode.startsWith(isin))).map((s) => ({ fund: f.slug, isin: s.isinCode })))
    : [];
  const words = normalizeSearchText(query.q).split(' ').filter(Boolean);
  const text = (owner: LibraryOwner): boolean => {
    if (words.length === 0) return true;
    if (isinOwner.length > 0) return isinOwner.some((m) => m.fund === owner.fundSlug && (owner.isinCode === null || owner.isinCode === m.isin));
    const fund = funds.get(owner.fundSlug);
    const share = owner.isinCode ? fund?.shares.find((s) => s.isinCode === owner.isinCode) : undefined;
    const haystack = `${normalizeSearchText(fund?.title ?? '')} ${share ? `${normalizeSearchText(share.name)} ${share.isinCode.toLowerCase()}` : ''}`;
    return words.every((w) => haystack.includes(w));
  };
  return (owner) =>
    funds.has(owner.fundSlug) &&
    (query.fund === null || owner.fundSlug === query.fund) &&
    (query.share === null || owner.isinCode === query.share) &&
    text(owner);
}

/** The date bounds of a query (a month, and from/to), inclusive, as ISO dates; null when unbounded. */
export function dateBounds(query: LibraryQuery): { from: IsoDate | null; to: IsoDate | null } {
  let from = query.from;
  let to = query.to;
  if (query.month) {
    const start = `${query.month}-01`;
    // A real calendar day: the bounds also go to SQL, where "2026-06-31" is an error.
    const end = `${query.month}-${String(daysInMonth(Number(query.month.slice(0, 4)), Number(query.month.slice(5, 7)))).padStart(2, '0')}`;
    from = from && from > start ? from : start;
    to = to && to < end ? to : end;
  }
  return { from, to };
}

/** The rows that pass every filter of the query. */
export function filterLibrary(rows: readonly LibraryDocument[], query: LibraryQuery, facets: LibraryFacets): LibraryDocument[] {
  const owner = ownerMatcher(query, facets);
  const { from, to } = dateBounds(query);
  return rows.filter(
    (row) =>
      owner(row) &&
      (query.type === null || row.code === query.type) &&
      (query.language === null || row.locale === query.language) &&
      (from === null || row.publishedAt >= from) &&
      (to === null || row.publishedAt <= to),
  );
}

/** Newest first; then by fund (in the form's order), the fund's own documents before its classes', type and language. */
export function sortLibrary(rows: readonly LibraryDocument[], facets: LibraryFacets): LibraryDocument[] {
  const fundOrder = new Map(facets.funds.map((f, i) => [f.slug, i]));
  const shareOrder = new Map(facets.funds.flatMap((f) => f.shares.map((s, i) => [s.isinCode, i] as const)));
  const typeOrder = new Map(facets.types.map((t, i) => [t.code, i]));
  const langOrder = new Map(facets.languages.map((l, i) => [l, i]));
  const pos = <K>(map: Map<K, number>, key: K) => map.get(key) ?? Number.MAX_SAFE_INTEGER;
  return [...rows].sort(
    (a, b) =>
      (b.supersededAt ?? '').localeCompare(a.supersededAt ?? '') ||
      b.publishedAt.localeCompare(a.publishedAt) ||
      pos(fundOrder, a.fundSlug) - pos(fundOrder, b.fundSlug) ||
      (a.isinCode === null ? -1 : pos(shareOrder, a.isinCode)) - (b.isinCode === null ? -1 : pos(shareOrder, b.isinCode)) ||
      pos(typeOrder, a.code) - pos(typeOrder, b.code) ||
      pos(langOrder, a.locale) - pos(langOrder, b.locale),
  );
}

/** How many pages a list of `total` rows fills (at least one: an empty list is one empty page). */
export const libraryPageCount = (total: number) => Math.max(1, Math.ceil(total / LIBRARY_PAGE_SIZE));

/** The stable address of one archived version (docs/product.md §2): the type's address, then /v/{id}. */
export const archivedDocumentPath = (locale: Locale, fundSlug: string, isinCode: string | null, typeCode: string, id: number) =>
  `${isinCode ? shareDocumentPath(locale, fundSlug, isinCode, typeCode) : fundDocumentPath(locale, fundSlug, typeCode)}/v/${id}`;

/** The id of an archived version's address segment, or null (a 404) when it is not a plain positive 32-bit integer. */
export function parseVersionId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/** The first day of the archive window: versions superseded before it are no longer offered. */
export function archiveStart(today: IsoDate, years: number): IsoDate {
  const year = Number(today.slice(0, 4)) - years;
  const rest = today.slice(4) === '-02-29' ? '-02-28' : today.slice(4);
  return `${String(year).padStart(4, '0')}${rest}`;
}
