import type { Locale } from '@/env';
import type { PathParams } from '@/domain/routing/paths';
import { routing, type AppPathname } from './routing';

export type RouteMatch = { locale: Locale; pathname: AppPathname; params: PathParams };

function templateRegex(template: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split('/')
    .map((segment) => {
      const param = segment.match(/^\[([^\]]+)\]$/);
      if (param) {
        names.push(param[1] as string);
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${source}/?$`), names };
}

/**
 * Which route of the routing table a visitor's path is, e.g. /fr/actualites/c/esg →
 * { pathname: '/news/c/[category]', params: { category: 'esg' } }. Static routes win over
 * dynamic ones. Null when the path is not a route of the site.
 */
export function matchLocalizedPath(path: string, locales: readonly Locale[]): RouteMatch | null {
  const [, first, ...rest] = path.split('?')[0]?.split('/') ?? [];
  const locale = locales.find((l) => l === first);
  if (!locale) return null;
  const inner = `/${rest.join('/')}`.replace(/\/+$/, '') || '/';
  const candidates = (Object.keys(routing.pathnames) as AppPathname[]).sort(
    (a, b) => Number(a.includes('[')) - Number(b.includes('[')),
  );
  for (const pathname of candidates) {
    const entry = routing.pathnames[pathname];
    const template = typeof entry === 'string' ? entry : entry[locale];
    const { regex, names } = templateRegex(template);
    const found = inner.match(regex);
    if (!found) continue;
    const params: PathParams = {};
    let valid = true;
    names.forEach((name, i) => {
      try {
        params[name] = decodeURIComponent(found[i + 1] as string);
      } catch {
        valid = false;
      }
    });
    if (valid) return { locale, pathname, params };
  }
  return null;
}
