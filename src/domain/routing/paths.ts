import type { Locale } from '../language/locale';
import { PATHNAMES, type AppPathname } from './pathnames';

export type PathParams = Record<string, string>;

/**
 * The path a visitor sees for a route of the routing table, e.g. ('/about-us', 'fr') →
 * '/fr/nous-connaitre'. Every link of the site is built here or by next-intl's Link, which reads
 * the same table (src/i18n/routing.ts).
 */
export function localizedPath(pathname: AppPathname, locale: Locale, params: PathParams = {}): string {
  const entry: string | Record<Locale, string> = PATHNAMES[pathname];
  const template = typeof entry === 'string' ? entry : entry[locale];
  const path = template.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`localizedPath: missing parameter ${name} for ${pathname}`);
    return encodeURIComponent(value);
  });
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The same route in every served language, for the language switch and hreflang links. */
export function alternatePaths(
  pathname: AppPathname,
  locales: readonly Locale[],
  params: PathParams | ((locale: Locale) => PathParams | null) = {},
): Partial<Record<Locale, string>> {
  const out: Partial<Record<Locale, string>> = {};
  for (const locale of locales) {
    const p = typeof params === 'function' ? params(locale) : params;
    if (p) out[locale] = localizedPath(pathname, locale, p);
  }
  return out;
}
