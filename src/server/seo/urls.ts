import 'server-only';
import { isShippedLocale } from '@/domain/language/offered';
import type { Locale } from '@/env';

export type LocalizedPaths = Partial<Record<Locale, string>>;
export type HreflangLinks = Partial<Record<Locale | 'x-default', string>>;

/**
 * An absolute URL on the public site, e.g. ('/fr/esg', 'https://x.example/') → 'https://x.example/fr/esg'.
 * A URL that is already absolute (an external news link) is returned unchanged.
 */
export function absoluteUrl(path: string, baseUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The locales of a set of alternates, in their order: alternates are made for the offered languages
 * in the house's order (alternatePaths), so the first is the default language when the page has it.
 */
export function orderedLocales(paths: LocalizedPaths): Locale[] {
  return Object.keys(paths).filter((l): l is Locale => isShippedLocale(l) && paths[l] !== undefined);
}

/**
 * hreflang links for one page: every language version as an absolute URL, plus x-default on the
 * first version, the house's default language (docs/decisions/061), or the first there is when the
 * page has no version in it.
 */
export function hreflangLinks(paths: LocalizedPaths, baseUrl: string): HreflangLinks {
  const locales = orderedLocales(paths);
  const out: HreflangLinks = {};
  for (const locale of locales) out[locale] = absoluteUrl(paths[locale] as string, baseUrl);
  const fallback = locales[0];
  if (fallback) out['x-default'] = out[fallback];
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of a rich text (docs/product.md §5 allows b, i, strong, a): tags dropped, entities decoded and
 * whitespace collapsed, for meta descriptions and structured data, which both escape on output.
 */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, code: string) => {
      if (code[0] === '#') {
        const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : match;
      }
      return ENTITIES[code.toLowerCase()] ?? match;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
