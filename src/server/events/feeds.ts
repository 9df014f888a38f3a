import 'server-only';
import { createHash } from 'node:crypto';
import type { Metadata } from 'next';
import { createTranslator } from 'next-intl';
import { env, type Locale } from '@/env';
import { NOTICES_TAG } from '@/domain/content/cache-tags';
import { formatDividendAmount } from '@/domain/dividends/model';
import { INTL_LOCALE, formatDate } from '@/domain/language/format';
import { audienceTag, type Audience } from '@/domain/registrations/audience';
import { buildRss } from '@/domain/news/rss';
import { buildIcs, type IcsEvent } from '@/domain/events/ical';
import { fundNoticesRssPath, noticesListHref, noticesRssPath, type NoticeView } from '@/domain/events/notices';
import { getCompany } from '@/server/site/queries';
import { absoluteUrl } from '@/server/seo/urls';
import { calendarEntries, feedNotices } from './queries';

/**
 * The notices' feeds (issue 34, docs/api.md "Feeds"): RSS 2.0 of every fund's notices or of one
 * fund's, and an iCalendar of the events' effective dates and the dividends' ex-dates. What a feed
 * carries follows the registration matrix like the pages: the audience of the request's cookies,
 * else a first visitor's (RETAIL in DEFAULT_COUNTRY), which is what a feed reader sends.
 */

type FundMessages = typeof import('../../../messages/fund/en.json');

/** The Notices texts read from the fund area's messages directly: a route handler has no page locale, and this keeps it callable outside Next (integration tests). */
async function noticesTexts(locale: Locale) {
  const messages = (await import(`../../../messages/fund/${locale}.json`)).default as FundMessages;
  return createTranslator({ locale, messages, namespace: 'Notices' });
}

type Texts = Awaited<ReturnType<typeof noticesTexts>>;

/** An item's link: the list filtered on its fund, at the item (unique, so it is the RSS guid too). */
const noticeLink = (locale: Locale, notice: NoticeView, base: string) =>
  `${absoluteUrl(noticesListHref(locale, { fund: notice.fundSlug, type: null, page: 1 }), base)}#notice-${notice.id}`;

function description(t: Texts, locale: Locale, notice: NoticeView): string {
  const effective = t('feed.effective', { type: t(`types.${notice.type}`), date: formatDate(notice.effectiveOn, locale) });
  return [effective, notice.body].filter(Boolean).join('\n\n');
}

/** The RSS feed of the audience's notices, site-wide (fundSlug null) or of one fund; null when that fund is not theirs. */
export async function noticesRssXml(locale: Locale, audience: Audience, fundSlug: string | null, fundTitle: string | null): Promise<string> {
  const base = env().PUBLIC_BASE_URL;
  const [company, t, notices] = await Promise.all([getCompany(locale), noticesTexts(locale), feedNotices(locale, audience, fundSlug)]);
  const companyTitle = company?.title ?? '';
  return buildRss({
    title: fundSlug && fundTitle ? t('feed.fundTitle', { company: companyTitle, fund: fundTitle }) : t('feed.title', { company: companyTitle }),
    link: absoluteUrl(noticesListHref(locale, { fund: fundSlug, type: null, page: 1 }), base),
    description: t('description'),
    language: INTL_LOCALE[locale].toLowerCase(),
    selfUrl: absoluteUrl(fundSlug ? fundNoticesRssPath(locale, fundSlug) : noticesRssPath(locale), base),
    items: notices.map((n) => ({
      title: `${n.fundTitle} – ${n.title}`,
      link: noticeLink(locale, n, base),
      description: description(t, locale, n),
      pubDate: n.announcedOn,
      category: t(`types.${n.type}`),
    })),
  });
}

/** The iCalendar of the audience's events (effective dates) and dividends (ex-dates). */
export async function noticesIcs(locale: Locale, audience: Audience, now: Date = new Date()): Promise<string> {
  const base = env().PUBLIC_BASE_URL;
  const host = new URL(base).host;
  const [company, t, entries] = await Promise.all([getCompany(locale), noticesTexts(locale), calendarEntries(locale, audience)]);
  const companyTitle = company?.title ?? '';
  const events = entries.map((entry): IcsEvent => {
    if (entry.kind === 'event') {
      const n = entry.notice;
      return {
        uid: `fund-event-${n.id}@${host}`,
        date: n.effectiveOn,
        summary: t('feed.eventSummary', { fund: n.fundTitle, title: n.title }),
        description: description(t, locale, n),
        url: noticeLink(locale, n, base),
        categories: t(`types.${n.type}`),
      };
    }
    const values = {
      fund: entry.fund.title,
      share: entry.share.name,
      isin: entry.share.isinCode,
      // As the share page prints it in this language ("1,25" in French), never the stored "1.250000".
      amount: formatDividendAmount(entry.amount, locale),
      currency: entry.currency,
      ex: formatDate(entry.date, locale),
      record: formatDate(entry.recordDate, locale),
      payment: formatDate(entry.paymentDate, locale),
    };
    return {
      uid: `dividend-${entry.share.isinCode}-${entry.date}@${host}`,
      date: entry.date,
      summary: t('feed.dividendSummary', values),
      description: t('feed.dividendDescription', values),
      url: absoluteUrl(entry.share.url, base),
    };
  });
  // DTSTAMP at the hour: the same feed within the hour has the same bytes, so its ETag holds.
  const stamp = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  return buildIcs({ prodId: `-//${companyTitle || host}//${t('title')}//${locale.toUpperCase()}`, name: t('feed.calendar', { company: companyTitle }), stamp, events });
}

/** A page's metadata plus the <link rel="alternate" type="application/rss+xml"> of a notices feed. */
export function withNoticesFeed(metadata: Metadata, feedPath: string, title: string): Metadata {
  const existing = metadata.alternates?.types?.['application/rss+xml'];
  const others = Array.isArray(existing) ? existing : existing ? [{ url: String(existing) }] : [];
  return {
    ...metadata,
    alternates: {
      ...metadata.alternates,
      types: { ...metadata.alternates?.types, 'application/rss+xml': [...others, { url: absoluteUrl(feedPath, env().PUBLIC_BASE_URL), title }] },
    },
  };
}

/** How long a browser or a shared cache keyed on the audience keeps a feed before asking again. */
export const FEED_MAX_AGE = 300;

/**
 * A feed's answer, cached like the audience's documents (document-response.ts): private to the
 * browser with Vary: Cookie and an ETag, and in a shared cache keyed on the audience under the
 * notices' and the audience's tags, which a new event, dividend or registration change purges.
 */
export function feedResponse(request: Request, body: string, contentType: string, audience: Audience, fileName?: string): Response {
  const bytes = Buffer.from(body, 'utf8');
  const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
  const tags = `${NOTICES_TAG} ${audienceTag(audience)}`;
  const headers = new Headers({
    etag,
    'cache-control': `private, max-age=${FEED_MAX_AGE}, must-revalidate`,
    vary: 'Cookie',
    'surrogate-control': `max-age=${env().CACHE_SURROGATE_MAX_AGE}`,
    xkey: tags,
    'surrogate-key': tags,
    'x-content-type-options': 'nosniff',
  });
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) return new Response(null, { status: 304, headers });
  headers.set('content-type', contentType);
  headers.set('content-length', String(bytes.byteLength));
  if (fileName) headers.set('content-disposition', `inline; filename="${fileName}"`);
  return new Response(request.method === 'HEAD' ? null : bytes, { status: 200, headers });
}
