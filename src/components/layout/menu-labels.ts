/**
 * The header's client menus get their few texts as props from the server components that render
 * them (site-header.tsx, top-bar.tsx), not through next-intl's client provider: no page loads
 * use-intl and its message parser, nor a message catalog, for the shell (docs/decisions/039).
 */
export const MOBILE_MENU_KEYS = ['menu.open', 'menu.title', 'menu.close', 'mainNavigation', 'funds', 'investorProfile', 'group', 'ourJobs', 'language', 'newTab'] as const;
/** The mobile menu's texts: the Layout keys above, and `country` (Country.label) for its country-of-residence section. */
export type MobileMenuLabels = Record<(typeof MOBILE_MENU_KEYS)[number] | 'country', string>;

/** A `t` over labels already translated on the server. */
export function labelsOf<K extends string>(labels: Record<K, string>): (key: K) => string {
  return (key) => labels[key];
}
