import { defineRouting } from 'next-intl/routing';
import { SUPPORTED_LOCALES } from '../env';

import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from '../domain/privacy/consent';
import { PATHNAMES } from '../domain/routing/pathnames';

export { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE };

/**
 * The one routing table of the site (docs/product.md §2). Folder names under src/app/[locale]
 * are the keys; the values are the localized paths visitors see. `locales` are the shipped
 * languages; the house offers some of them, in its order, and the proxy negotiates among those
 * with the first as the default (src/proxy.ts, docs/decisions/061): `defaultLocale` here is only
 * the shipped languages' own, the fallback of the message files.
 */
export const routing = defineRouting({
  locales: SUPPORTED_LOCALES,
  defaultLocale: 'fr',
  localePrefix: 'always',
  localeCookie: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE },
  pathnames: PATHNAMES,
});

export type AppPathname = keyof typeof routing.pathnames;

/** Which routed path shows which server page (docs/product.md §3 Page.route). */
export const PAGE_PATHNAMES = {
  home: '/',
  'about-us': '/about-us',
  expertise: '/expertise',
  esg: '/esg',
  sri: '/responsible-investment',
  news: '/news',
  contact: '/contact',
  'fund-range': '/fund-range',
  'legal-notices': '/legal-notices',
  'regulatory-informations': '/regulatory-informations',
  rgpd: '/gdpr',
  accessibility: '/accessibility',
} as const satisfies Record<string, AppPathname>;

/** Pages made of a form and texts from messages, with no page in the database: always in the sitemap. */
export const FORM_PAGE_PATHNAMES = {
  careers: '/careers',
  subscribe: '/subscribe',
  // The document library: texts from messages too, no page in the database.
  documents: '/documents',
  // The shareholder notices list (issue 34): every fund's events, texts from messages.
  notices: '/shareholder-notices',
} as const satisfies Record<string, AppPathname>;
