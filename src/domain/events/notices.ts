import { addDays, type IsoDate } from '../dates';
import type { SearchParamsInput } from '../funds/finder';
import type { Locale } from '../language/locale';
import { localizedPath } from '../routing/paths';
import { isFundEventType, typeIsRestriction, type FundEventType, type LiquidityTool } from './model';

/**
 * What investors see of fund events (issue 34): the notices list's query (?fund=…&type=…&page=…,
 * a GET form that works without JavaScript), the feeds' and notice PDFs' addresses, their bounds,
 * and the views the pages render. Pure: no I/O.
 */

/** Notices per page of the list. */
export const NOTICES_PAGE_SIZE = 20;
/** The highest page number read from a URL; a longer or larger number is ignored (page 1). */
export const NOTICES_MAX_PAGE = 500;
/** Items of an RSS feed (site-wide or per fund): the newest announced. */
export const NOTICES_RSS_SIZE = 50;
/** Items of the iCalendar feed: the events' effective dates and dividends' ex-dates, the latest ones. */
export const NOTICES_ICS_SIZE = 200;
/** Notices on a fund or share page (newest first); the list has the rest. */
export const NOTICES_ON_PAGE = 10;

export type NoticesQuery = { fund: string | null; type: FundEventType | null; page: number };

/** The query-string fields of the notices list: all it reads, and so all the shared cache keys it on (src/domain/cache/query-key.ts). */
export const NOTICES_FIELDS = ['fund', 'type', 'page'] as const;

export const EMPTY_NOTICES_QUERY: NoticesQuery = { fund: null, type: null, page: 1 };

function first(value: string | string[] | undefined): string {
  const raw = Array.isArray(value) ? value[0] : value;
  return typeof raw === 'string' ? raw.trim().slice(0, 200) : '';
}

/**
 * The list's query from its search parameters: a fund the audience cannot see, an unknown type or a
 * page that is not a small positive number is ignored (the unfiltered value), never an error.
 */
export function parseNoticesQuery(search: SearchParamsInput, fundSlugs: readonly string[]): NoticesQuery {
  const fund = first(search.fund);
  const type = first(search.type);
  const page = first(search.page);
  const pageNumber = /^[1-9]\d{0,3}$/.test(page) ? Number(page) : 1;
  return {
    fund: fundSlugs.includes(fund) ? fund : null,
    type: isFundEventType(type) ? type : null,
    page: pageNumber <= NOTICES_MAX_PAGE ? pageNumber : 1,
  };
}

export const noticesPageCount = (total: number) => Math.max(1, Math.ceil(total / NOTICES_PAGE_SIZE));

/** The list's address for a query (the form's field order; empty fields and page 1 left out). */
export function noticesListHref(locale: Locale, query: NoticesQuery): string {
  const params = new URLSearchParams();
  if (query.fund) params.set('fund', query.fund);
  if (query.type) params.set('type', query.type);
  if (query.page > 1) params.set('page', String(query.page));
  const qs = params.toString();
  return localizedPath('/shareholder-notices', locale) + (qs ? `?${qs}` : '');
}

/** Feeds live under /e/{locale}/feeds, outside the localized page table like documents and data files. */
export const noticesRssPath = (locale: Locale) => `/e/${locale}/feeds/notices.rss`;
export const fundNoticesRssPath = (locale: Locale, fundSlug: string) => `/e/${locale}/feeds/funds/${encodeURIComponent(fundSlug)}/notices.rss`;
export const noticesIcsPath = (locale: Locale) => `/e/${locale}/feeds/notices.ics`;

/** A notice PDF at the fund document route: /e/{locale}/docs/funds/{fundSlug}/notices/{documentId}. */
export const NOTICE_DOCUMENT_SEGMENT = 'notices';
export const noticeDocumentPath = (locale: Locale, fundSlug: string, documentId: number) =>
  `/e/${locale}/docs/funds/${encodeURIComponent(fundSlug)}/${NOTICE_DOCUMENT_SEGMENT}/${documentId}`;

/** A notice PDF's id in that route, or null (then: 404). */
export function parseNoticeDocumentId(raw: string | undefined): number | null {
  return raw !== undefined && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}

/** A notice PDF as a page links it. */
export type NoticeDocumentView = { id: number; title: string; locale: string; size: number; url: string };

/** An event as an audience sees it, in the page's language. */
export type NoticeView = {
  id: number;
  fundSlug: string;
  fundTitle: string;
  fundUrl: string;
  type: FundEventType;
  tool: LiquidityTool | null;
  title: string;
  /** Plain text (paragraphs separated by blank lines). */
  body: string;
  announcedOn: IsoDate;
  effectiveOn: IsoDate;
  /** Exclusive end (last day + 1), as stored; null: open-ended. */
  endsOn: IsoDate | null;
  /** The share classes it concerns that the audience may see. */
  shares: { isinCode: string; name: string; url: string }[];
  documents: NoticeDocumentView[];
  /** A suspension or tool in force today. */
  inForce: boolean;
};

/** A suspension or tool in force, as a banner, the range, the library and GraphQL flag it. */
export type RestrictionView = {
  eventId: number;
  fundSlug: string;
  type: 'suspension' | 'lmt-activated';
  tool: LiquidityTool | null;
  since: IsoDate;
  /** The last day it is in force when known (the stored end minus one day); null: until lifted. */
  until: IsoDate | null;
  title: string;
  /** The notice PDF in the page's language, if any. */
  document: NoticeDocumentView | null;
  /** The share classes concerned (audience's view). */
  isinCodes: string[];
};

/** The last day of a restriction from its exclusive end. */
export const lastDayOf = (endsOn: IsoDate | null): IsoDate | null => (endsOn === null ? null : addDays(endsOn, -1));

export function restrictionOf(notice: NoticeView): RestrictionView | null {
  if (!notice.inForce || !typeIsRestriction(notice.type)) return null;
  return {
    eventId: notice.id,
    fundSlug: notice.fundSlug,
    type: notice.type as RestrictionView['type'],
    tool: notice.tool,
    since: notice.effectiveOn,
    until: lastDayOf(notice.endsOn),
    title: notice.title,
    document: notice.documents[0] ?? null,
    isinCodes: notice.shares.map((s) => s.isinCode),
  };
}

/**
 * Which notice PDFs of an event an audience gets in a language: per country group, the page's
 * language, else French (the fallback of every document); a PDF for named countries only goes to
 * visitors of those countries, and when one exists for the visitor's country it replaces the
 * general one of the same language.
 */
export function pickNoticeDocuments<D extends { id: number; locale: string; countries: readonly string[] }>(docs: readonly D[], locale: Locale, country: string): D[] {
  const offered = docs.filter((d) => d.countries.length === 0 || d.countries.includes(country));
  const inLanguage = (lang: string) => offered.filter((d) => d.locale === lang);
  const chosen = inLanguage(locale).length > 0 ? inLanguage(locale) : inLanguage('fr');
  const specific = chosen.filter((d) => d.countries.length > 0);
  return (specific.length > 0 ? specific : chosen).sort((a, b) => b.id - a.id).slice(0, 1);
}
