import { parseIsoDate, type IsoDate } from '../dates';

/**
 * An RSS 2.0 feed (https://www.rssboard.org/rss-specification), built as a string. Pure: the
 * route hands in absolute links and plain texts; everything is escaped here.
 */
export type RssItem = {
  title: string;
  /** Absolute URL where the item leads (docs/product.md §2 link rule: external site, document or article). */
  link: string;
  description: string;
  /** The publication day; the feed gives it at 12:00 UTC (see rfc822Date). */
  pubDate: IsoDate;
  category?: string | null;
  author?: string | null;
};

export type RssChannel = {
  title: string;
  /** The news list, absolute. */
  link: string;
  description: string;
  /** RSS language code, e.g. "fr-fr". */
  language: string;
  /** The feed's own absolute URL (atom:link rel="self"). */
  selfUrl: string;
  items: RssItem[];
};

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * RFC 822 date-time (four-digit year, as RFC 1123 and every reader expect), e.g.
 * 'Wed, 14 Oct 2026 12:00:00 GMT'. News carry a day, not an instant: noon UTC keeps the same
 * calendar day for readers from UTC−11 to UTC+11, where midnight would show the eve in America.
 */
export function rfc822Date(iso: IsoDate): string {
  const { year, month, day } = parseIsoDate(iso);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${DAYS[weekday]}, ${String(day).padStart(2, '0')} ${MONTHS[month - 1]} ${year} 12:00:00 GMT`;
}

/**
 * Text as XML character data or attribute value: the five special characters escaped and the
 * characters XML 1.0 forbids (C0 controls but tab, LF and CR; lone surrogates; U+FFFE, U+FFFF) removed.
 */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

const element = (name: string, value: string | null | undefined, indent: string) =>
  value ? `${indent}<${name}>${escapeXml(value)}</${name}>\n` : '';

function itemXml(item: RssItem): string {
  const i = '      ';
  return (
    '    <item>\n' +
    element('title', item.title, i) +
    element('link', item.link, i) +
    `${i}<guid isPermaLink="true">${escapeXml(item.link)}</guid>\n` +
    element('description', item.description, i) +
    element('pubDate', rfc822Date(item.pubDate), i) +
    element('category', item.category, i) +
    element('dc:creator', item.author, i) +
    '    </item>\n'
  );
}

/** The feed, newest items first, lastBuildDate the newest item's date (so the feed changes only with the news). */
export function buildRss(channel: RssChannel): string {
  const items = [...channel.items].sort((a, b) => b.pubDate.localeCompare(a.pubDate));
  const c = '    ';
  const newest = items[0]?.pubDate;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n' +
    '  <channel>\n' +
    element('title', channel.title, c) +
    element('link', channel.link, c) +
    element('description', channel.description, c) +
    element('language', channel.language, c) +
    (newest ? element('lastBuildDate', rfc822Date(newest), c) : '') +
    `${c}<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>\n` +
    items.map(itemXml).join('') +
    '  </channel>\n' +
    '</rss>\n'
  );
}

/** How long shared caches may keep a feed: 5 minutes, or less when a scheduled item goes online sooner. */
export const FEED_MAX_AGE_SECONDS = 300;

export function feedMaxAge(now: Date, nextScheduled: Date | null, cap = FEED_MAX_AGE_SECONDS): number {
  if (nextScheduled === null) return cap;
  const seconds = Math.floor((nextScheduled.getTime() - now.getTime()) / 1000);
  return Math.max(0, Math.min(cap, seconds));
}
