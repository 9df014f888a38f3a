/**
 * The query string a shared cache (Varnish, deploy/varnish.vcl) keys a request on, and the only one
 * the app is then sent (docs/decisions/063, docs/operations.md "Shared cache"): per route family, the
 * parameters its page reads, taken from the domain modules that read them, in a canonical order; every
 * other parameter is dropped. Documents, feeds and files (but the FinDatEx files' `version`) read none:
 * their query is dropped whole. `npm run varnish:vcl` writes `queryVcl()` into the VCL between two
 * marker lines (as the audience block, src/domain/cache/audience-key.ts); scripts/varnish-vcl.test.ts
 * fails when the file and this table part ways, or when a parser reads a parameter this table drops.
 *
 * A kept parameter may carry the values the page reads: any other value is dropped too, so that
 * `?sort=random1`, `?sort=random2`… make no new entries. Only where the page reads a value it does not
 * know as if the parameter were absent (a unit test checks it against the parser). Parameters whose
 * values come from the database (a fund category, a currency) are kept whatever their value.
 *
 * Since the app is sent exactly the key's query, the body the cache stores under a key is by
 * construction the body of that key. Pure.
 */
import { FINDATEX_VERSION_PARAM } from '../distribution/findatex/files';
import { LIBRARY_FIELDS } from '../documents/library';
import { FUND_EVENT_TYPES } from '../events/model';
import { NOTICES_FIELDS } from '../events/notices';
import { FINDER_FIELDS, FINDER_SORTS, SFDR_ARTICLES, SRI_LEVELS } from '../funds/finder';
import { SUPPORTED_LOCALES } from '../language/locale';
import { PATHNAMES, type AppPathname } from '../routing/pathnames';

/**
 * A parameter the cache keeps; with `values` (exact, as sent) or `pattern` (a whole value) only the
 * values the page reads: any other is dropped.
 */
export type KeptParam = { name: string; values?: readonly string[]; pattern?: string };

/** A family of routes and the parameters they read. `paths` are routing-table keys (pages) or file paths with `{locale}` and `[segment]`s. */
export type QueryRoute = { family: string; pages?: readonly AppPathname[]; files?: readonly string[]; params: readonly KeptParam[] };

/** A page number as the lists read it (a longer or other value reads as page 1, as if absent). */
export const PAGE_NUMBER_PATTERN = '[1-9][0-9]{0,3}';
const PAGE = { pattern: PAGE_NUMBER_PATTERN };

const plain = (names: readonly string[]): KeptParam[] => names.map((name) => ({ name }));
const withValues = (names: readonly string[], kept: Record<string, readonly (string | number)[] | { pattern: string }>): KeptParam[] =>
  names.map((name) => {
    const values = kept[name];
    if (values === undefined) return { name };
    return 'pattern' in values ? { name, pattern: values.pattern } : { name, values: values.map(String) };
  });

/** The values a parameter keeps, as one pattern, or null for any value. */
export function valuesPattern(param: KeptParam): string | null {
  if (param.pattern !== undefined) return param.pattern;
  return param.values ? param.values.map(regexLiteral).join('|') : null;
}

/**
 * The routes that read a query string, and what they read. Every other request the cache may answer
 * (the other pages, documents, feeds, Next's files) reads none.
 */
export const QUERY_ROUTES: readonly QueryRoute[] = [
  // The fund range finder (src/domain/funds/finder.ts): its filters, text search and sort.
  { family: 'fund range', pages: ['/fund-range'], params: withValues(FINDER_FIELDS, { sri: SRI_LEVELS, sfdr: SFDR_ARTICLES, sort: FINDER_SORTS }) },
  // The document library (src/domain/documents/library.ts): its filters, archive view and page.
  { family: 'document library', pages: ['/documents'], params: withValues(LIBRARY_FIELDS, { archive: ['1'], page: PAGE }) },
  // The shareholder notices list (src/domain/events/notices.ts): fund, type, page.
  { family: 'shareholder notices', pages: ['/shareholder-notices'], params: withValues(NOTICES_FIELDS, { type: FUND_EVENT_TYPES, page: PAGE }) },
  // The news list's old addresses (?page=N, src/i18n/legacy-redirects.ts) answer 308 to the page in the path.
  { family: 'news list (old ?page= addresses)', pages: ['/news', '/news/c/[category]'], params: [{ name: 'page', pattern: PAGE_NUMBER_PATTERN }] },
  // FinDatEx files (src/domain/distribution/findatex/files.ts): the template's version; an unknown one is a 404, so any value is kept.
  { family: 'FinDatEx files', files: ['/e/{locale}/data/findatex/[file]', '/e/{locale}/data/funds/[fundSlug]/[isin]/[file]'], params: plain([FINDATEX_VERSION_PARAM]) },
];

/**
 * Pages rendered per request that read a personal token (the newsletter's unsubscribe link, the fund
 * alerts' manage link): never cached, so passed to the app as they came, query included, never
 * looked up (a lookup would remember each token as a hit-for-miss object).
 */
export const PASSED_PAGES: readonly AppPathname[] = ['/unsubscribe', '/alerts'];

function regexLiteral(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/** A path template as a pattern: literal text, `[segment]` one segment. */
function templatePattern(template: string): string {
  return template
    .split(/(\[[^\]]+\])/)
    .map((part) => (/^\[[^\]]+\]$/.test(part) ? '[^/?]+' : regexLiteral(part)))
    .join('');
}

/** The URLs of these pages in every locale, a trailing slash allowed, then the query or the end. */
export function pagesPattern(pages: readonly AppPathname[]): string {
  const paths = pages.flatMap((page) =>
    SUPPORTED_LOCALES.map((locale) => {
      const entry: string | Record<string, string> = PATHNAMES[page];
      const template = typeof entry === 'string' ? entry : (entry[locale] ?? '');
      return `/${locale}${templatePattern(template === '/' ? '' : template)}`;
    }),
  );
  return `^(?:${paths.join('|')})/?(?:\\?|$)`;
}

/** The URLs of these file paths (`{locale}` any locale), then the query or the end. */
export function filesPattern(files: readonly string[]): string {
  const locales = `(?:${SUPPORTED_LOCALES.join('|')})`;
  return `^(?:${files.map((f) => templatePattern(f).replace('\\{locale\\}', locales).replace('{locale}', locales)).join('|')})(?:\\?|$)`;
}

export function routePattern(route: QueryRoute): string {
  const parts = [route.pages?.length ? pagesPattern(route.pages) : null, route.files?.length ? filesPattern(route.files) : null].filter((p): p is string => p !== null);
  return parts.length === 1 ? (parts[0] as string) : `(?:${parts.join('|')})`;
}

/** A parameter (`name=value`, or a bare name) whose name is not one of these, with the `&` after it. */
export function droppedNamesPattern(params: readonly KeptParam[]): string {
  return `(?<=[?&])(?!(?:${params.map((p) => regexLiteral(p.name)).join('|')})=)[^&]*(?:&|$)`;
}

/** The parameter `name=value` whose value is not one of the kept ones, with the `&` after it. */
export function droppedValuesPattern(param: KeptParam): string | null {
  const values = valuesPattern(param);
  return values === null ? null : `(?<=[?&])${regexLiteral(param.name)}=(?!(?:${values})(?:&|$))[^&]*(?:&|$)`;
}

/** The route family of a URL, or null for one that reads no query. */
export function queryRoute(url: string): QueryRoute | null {
  return QUERY_ROUTES.find((route) => new RegExp(routePattern(route)).test(url)) ?? null;
}

/**
 * The order of Varnish's std.querysort (vmod_std): the parameters' bytes compared up to the shorter
 * one's end, empty parameters dropped. Two parameters one of which begins the other are left as they
 * came: the key then has two spellings, never a wrong body.
 */
function querysort(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .filter((p) => p !== '');
  if (params.length === 0) return url.slice(0, q);
  const compare = (a: string, b: string) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return a.charCodeAt(i) - b.charCodeAt(i);
    return 0;
  };
  return `${url.slice(0, q + 1)}${[...params].sort(compare).join('&')}`;
}

/**
 * The URL the cache looks `url` up under, and sends the app: what deploy/varnish.vcl computes
 * (`fundhouse_query`); null for a page passed as it came (PASSED_PAGES).
 */
export function cacheUrl(url: string): string | null {
  if (new RegExp(pagesPattern(PASSED_PAGES)).test(url)) return null;
  if (!url.includes('?')) return url;
  const route = queryRoute(url);
  let out = url;
  if (route) {
    out = out.replace(new RegExp(droppedNamesPattern(route.params), 'g'), '');
    for (const param of route.params) {
      const values = droppedValuesPattern(param);
      if (values) out = out.replace(new RegExp(values, 'g'), '');
    }
  } else {
    out = out.replace(/\?.*$/, '');
  }
  return querysort(out).replace(/[?&]+$/, '');
}

/** The lines around the generated block in deploy/varnish.vcl. */
export const QUERY_VCL_BEGIN = '# BEGIN generated query: `npm run varnish:vcl` writes this block from src/domain/cache/query-key.ts; do not edit it by hand.';
export const QUERY_VCL_END = '# END generated query';

function vclString(text: string): string {
  if (text.includes('"}')) throw new Error(`cannot write ${text} as a VCL string`);
  return `{"${text}"}`;
}

/**
 * The generated block: `fundhouse_query`, called by vcl_recv on every GET or HEAD the cache may
 * answer, passes PASSED_PAGES and leaves req.url with only the parameters its route reads, sorted.
 */
export function queryVcl(): string {
  const lines = [
    QUERY_VCL_BEGIN,
    '',
    '# The query string a request is looked up under, and the only one the app gets: the parameters its',
    '# route reads (see the module named above), sorted; any other is dropped. So random parameters make',
    '# no new entries, and `?b=1&a=2` is `?a=2&b=1`.',
    'sub fundhouse_query {',
    `  if (req.url ~ ${vclString(pagesPattern(PASSED_PAGES))}) {`,
    "    # Rendered per request for a personal token, never cached: passed as they came.",
    '    return (pass);',
    '  }',
    '  if (req.url !~ {"\\?"}) {',
    '    return;',
    '  }',
  ];
  QUERY_ROUTES.forEach((route, i) => {
    lines.push(`  ${i === 0 ? 'if' : '} else if'} (req.url ~ ${vclString(routePattern(route))}) {`);
    lines.push(`    # The ${route.family}: ${route.params.map((p) => p.name).join(', ')}.`);
    lines.push(`    set req.url = regsuball(req.url, ${vclString(droppedNamesPattern(route.params))}, "");`);
    for (const param of route.params) {
      const values = droppedValuesPattern(param);
      if (values) lines.push(`    set req.url = regsuball(req.url, ${vclString(values)}, "");`);
    }
  });
  lines.push(
    '  } else {',
    '    # Every other page, the documents, the feeds and the files read no query string.',
    '    set req.url = regsub(req.url, {"\\?.*$"}, "");',
    '  }',
    '  set req.url = std.querysort(req.url);',
    '  set req.url = regsub(req.url, {"[?&]+$"}, "");',
    '}',
    '',
    QUERY_VCL_END,
  );
  return lines.join('\n');
}

/** `vcl` with its generated query block replaced by `queryVcl()`; throws when the markers are missing. */
export function withQueryVcl(vcl: string): string {
  const begin = vcl.indexOf(QUERY_VCL_BEGIN);
  const end = vcl.indexOf(QUERY_VCL_END);
  if (begin < 0 || end < begin) throw new Error(`the VCL has no block between "${QUERY_VCL_BEGIN}" and "${QUERY_VCL_END}"`);
  return `${vcl.slice(0, begin)}${queryVcl()}${vcl.slice(end + QUERY_VCL_END.length)}`;
}
