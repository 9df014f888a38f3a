import type { Locale } from '@/domain/language/locale';
import { localizedPath } from '../routing/paths';

/**
 * The tabs of a fund page (docs/product.md §2 "Fund page tabs"), in the order the page shows them. Each tab is
 * a page of its own: the overview at /{locale}/funds/{fundSlug}, the others one segment below it.
 * ESG and partners ("How to subscribe?") are sections of the overview (docs/product.md §2 "Other sections").
 */
export const FUND_TABS = ['overview', 'characteristics', 'performances', 'portfolio', 'documents', 'news'] as const;
export type FundTab = (typeof FUND_TABS)[number];

/** The tab the overview has no segment for: /funds/{slug}/overview is the overview under another URL. */
export const DEFAULT_FUND_TAB: FundTab = 'overview';

export type TabSegment = { type: 'tab'; tab: Exclude<FundTab, 'overview'> } | { type: 'default' } | { type: 'unknown' };

/**
 * What a /funds/{fundSlug}/{segment} URL shows: one of the tabs, the overview's own URL (the page
 * sends the visitor there, so one tab has one URL), or nothing (a 404). Case-sensitive: URLs are lower case.
 */
export function resolveTabSegment(segment: string): TabSegment {
  if (segment === DEFAULT_FUND_TAB) return { type: 'default' };
  const tab = FUND_TABS.find((t): t is Exclude<FundTab, 'overview'> => t === segment && t !== DEFAULT_FUND_TAB);
  return tab ? { type: 'tab', tab } : { type: 'unknown' };
}

/** The URL of one tab of a fund page. */
export function fundTabPath(locale: Locale, fundSlug: string, tab: FundTab): string {
  return tab === DEFAULT_FUND_TAB
    ? localizedPath('/funds/[fundSlug]', locale, { fundSlug })
    : localizedPath('/funds/[fundSlug]/[tab]', locale, { fundSlug, tab });
}
