// Relative imports: next.config.ts loads this file, and its loader does not resolve the @/ alias.
import { SUPPORTED_LOCALES, type Locale } from '../env';
import { routing, type AppPathname } from './routing';

export type LegacyRedirect = {
  source: string;
  has: { type: 'query'; key: string; value: string }[];
  destination: string;
  permanent: true;
};

/** A route of the routing table as a next.config path pattern: /fr/actualites/c/[category] → /fr/actualites/c/:category. */
function pattern(pathname: AppPathname, locale: Locale): string {
  const entry = routing.pathnames[pathname];
  const template = typeof entry === 'string' ? entry : entry[locale];
  return `/${locale}${template.replace(/\[([^\]]+)\]/g, ':$1')}`;
}

/**
 * The news list was paginated with ?page=N before its pages moved into the path (so each page is
 * cached): those addresses answer 308 to the page's own path. Next.js passes the query on, so the
 * new address keeps a harmless ?page=N that the page ignores; page 1 then redirects to the list.
 */
export function legacyNewsPageRedirects(): LegacyRedirect[] {
  const has = [{ type: 'query' as const, key: 'page', value: '(?<page>[1-9][0-9]{0,3})' }];
  return SUPPORTED_LOCALES.flatMap((locale) => [
    { source: pattern('/news', locale), has, destination: pattern('/news/page/[page]', locale), permanent: true as const },
    {
      source: pattern('/news/c/[category]', locale),
      has,
      destination: pattern('/news/c/[category]/page/[page]', locale),
      permanent: true as const,
    },
  ]);
}
