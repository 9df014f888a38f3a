import { describe, expect, it } from 'vitest';
import { parseLibraryQuery } from '../documents/library';
import { parseNoticesQuery } from '../events/notices';
import { parseFinderQuery } from '../funds/finder';
import { cacheUrl, PASSED_PAGES, QUERY_ROUTES, valuesPattern, type KeptParam } from './query-key';

const FACETS = { categories: [{ code: 'equities', title: 'Equities' }], currencies: ['EUR'] };
const parsers: Record<string, (params: Record<string, string>) => unknown> = {
  'fund range': (p) => parseFinderQuery(p, FACETS),
  'document library': (p) => parseLibraryQuery(p, { funds: [], types: [], languages: ['fr'] }),
  'shareholder notices': (p) => parseNoticesQuery(p, ['aurore']),
};

describe('cacheUrl: the URL the shared cache looks a request up under', () => {
  it('drops the query of a page that reads none, of documents, feeds and files', () => {
    expect(cacheUrl('/fr/nous-connaitre?x=1&utm_source=a')).toBe('/fr/nous-connaitre');
    expect(cacheUrl('/e/fr/docs/funds/aurore/KID?version=4.2')).toBe('/e/fr/docs/funds/aurore/KID');
    expect(cacheUrl('/e/fr/feeds/notices.rss?fund=aurore')).toBe('/e/fr/feeds/notices.rss');
    expect(cacheUrl('/_next/static/chunks/a.js?dpl=1')).toBe('/_next/static/chunks/a.js');
    expect(cacheUrl('/fr')).toBe('/fr');
  });

  it("keeps a route's parameters, sorted, and drops the others", () => {
    expect(cacheUrl('/fr/gamme-fonds?sort=name&x=1&category=equities')).toBe('/fr/gamme-fonds?category=equities&sort=name');
    expect(cacheUrl('/fr/gamme-fonds?category=equities&sort=name')).toBe('/fr/gamme-fonds?category=equities&sort=name');
    expect(cacheUrl('/en/documents?page=2&fund=aurore&gclid=1')).toBe('/en/documents?fund=aurore&page=2');
    expect(cacheUrl('/e/en/data/funds/aurore/FR0000000001/emt.csv?x=1&version=4.2')).toBe('/e/en/data/funds/aurore/FR0000000001/emt.csv?version=4.2');
    expect(cacheUrl('/fr/actualites/c/marches?page=3&x=1')).toBe('/fr/actualites/c/marches?page=3');
  });

  it('drops a value the page does not read', () => {
    expect(cacheUrl('/fr/gamme-fonds?sort=random&sri=9&sfdr=7')).toBe('/fr/gamme-fonds');
    expect(cacheUrl('/en/shareholder-notices?type=nothing&page=0&page=12345')).toBe('/en/shareholder-notices');
  });

  it('passes the pages that read a personal token', () => {
    expect(PASSED_PAGES).toEqual(['/unsubscribe', '/alerts']);
    expect(cacheUrl('/fr/desabonnement?token=abc')).toBeNull();
    expect(cacheUrl('/en/alerts?token=abc&confirm=1')).toBeNull();
  });
});

describe('QUERY_ROUTES: values dropped only where the page reads them as absent', () => {
  for (const route of QUERY_ROUTES) {
    const parse = parsers[route.family];
    if (!parse) continue;
    for (const param of route.params.filter((p: KeptParam) => valuesPattern(p) !== null)) {
      it(`${route.family}: ${param.name}`, () => {
        const pattern = new RegExp(`^(?:${valuesPattern(param)})$`);
        for (const value of ['zz', '0', '99999', '-1', 'x1', ' ']) {
          if (pattern.test(value)) continue;
          expect(parse({ [param.name]: value }), value).toEqual(parse({}));
        }
      });
    }
  }
});
