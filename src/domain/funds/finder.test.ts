import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  EMPTY_QUERY,
  FINDER_ALL_SEGMENT,
  MAX_SEARCH_LENGTH,
  activeFilterCount,
  compactFinderSearch,
  findFunds,
  finderFacets,
  finderSearch,
  finderSegment,
  finderSegmentOf,
  finderSegmentParams,
  groupByCategory,
  matchSearch,
  normalizeSearchText,
  parseFinderQuery,
  type FinderQuery,
} from './finder';
import { makeFund, makeShare } from './view.fixture';

const MULTI = { code: 'multi-asset', title: 'Multi-asset', order: 1 };
const EQUITIES = { code: 'equities', title: 'Equities', order: 2 };
const MONEY = { code: 'money-market', title: 'Money market', order: 3 };
const BONDS = { code: 'fixed-income', title: 'Fixed income', order: 4 };

/** Listed neither by category nor by name, as the range's own order. */
const range = [
  makeFund({
    slug: 'credit', title: 'Crédit Euro', cat: BONDS, riskLevel: 2, sfdrArticle: 9,
    shares: [
      makeShare({ name: 'C EUR', isinCode: 'FR0000000031', figures: { ytd: 0.02, '1y': 0.04 } }),
      makeShare({ name: 'C USD H', slug: 'part-c-usd-h', isinCode: 'LU0000000032', isMain: false, currency: { code: 'USD', symbol: '$' } }),
    ],
  }),
  makeFund({ slug: 'gold', title: 'Or et Métaux', cat: EQUITIES, riskLevel: 6, sfdrArticle: 6, shares: [makeShare({ isinCode: 'FR0000000041', figures: { ytd: 0.2, '1y': -0.05 } })] }),
  makeFund({ slug: 'cash', title: 'Trésorerie', cat: MONEY, riskLevel: 1, sfdrArticle: 8, shares: [makeShare({ isinCode: 'FR0000000051', lessThanOneYear: true })] }),
  makeFund({
    slug: 'europe', title: 'Alpha Actions Europe', cat: EQUITIES, isHighlight: true, riskLevel: 4, sfdrArticle: 8,
    shares: [
      makeShare({ isinCode: 'FR0000000021', figures: { ytd: 0.05, '1y': 0.1 } }),
      makeShare({ name: 'C CHF H', slug: 'part-c-chf-h', isinCode: 'FR0000000022', isMain: false, currency: { code: 'CHF', symbol: 'CHF' } }),
    ],
  }),
  makeFund({ slug: 'green', title: 'Obligations Vertes', cat: BONDS, isHighlight: true, riskLevel: 3, sfdrArticle: 9, shares: [makeShare({ isinCode: 'LU0000000061', figures: { ytd: -0.01, '1y': 0.01 } })] }),
  makeFund({ slug: 'patrimoine', title: 'Zeta Patrimoine', cat: MULTI, riskLevel: 3, sfdrArticle: 8, shares: [makeShare({ isinCode: 'FR0000000011', figures: { ytd: 0.03, '1y': 0.06 } })] }),
];
const facets = finderFacets(range);
const query = (q: Partial<FinderQuery>): FinderQuery => ({ ...EMPTY_QUERY, ...q });
const slugs = (q: Partial<FinderQuery>) => findFunds(range, query(q), 'en').map((r) => r.fund.slug);

describe('finderFacets', () => {
  it('offers the categories that have funds in display order, and the share currencies sorted', () => {
    expect(facets.categories.map((c) => c.code)).toEqual(['multi-asset', 'equities', 'money-market', 'fixed-income']);
    expect(facets.categories[0]).toEqual({ code: 'multi-asset', title: 'Multi-asset' });
    expect(facets.currencies).toEqual(['CHF', 'EUR', 'USD']);
  });
});

describe('parseFinderQuery', () => {
  it('reads every value the form sends', () => {
    expect(parseFinderQuery({ category: 'equities', sri: '4', sfdr: '8', currency: 'CHF', q: 'europe', sort: 'name' }, facets)).toEqual({
      category: 'equities', sri: 4, sfdr: 8, currency: 'CHF', q: 'europe', sort: 'name',
    });
  });

  it('gives the unfiltered query for no params or empty fields (a plain form submission)', () => {
    expect(parseFinderQuery({}, facets)).toEqual(EMPTY_QUERY);
    expect(parseFinderQuery({ category: '', sri: '', sfdr: '', currency: '', q: '  ', sort: '' }, facets)).toEqual(EMPTY_QUERY);
  });

  it('ignores values the form does not offer, one by one', () => {
    const parsed = parseFinderQuery({ category: 'crypto', sri: '8', sfdr: '7', currency: 'JPY', sort: 'random', q: 'gold' }, facets);
    expect(parsed).toEqual({ ...EMPTY_QUERY, q: 'gold' });
    expect(parseFinderQuery({ sri: '0' }, facets).sri).toBeNull();
    expect(parseFinderQuery({ sri: '4.0' }, facets).sri).toBeNull();
    expect(parseFinderQuery({ sri: ' 5 ' }, facets).sri).toBe(5);
    expect(parseFinderQuery({ sfdr: 'article-8' }, facets).sfdr).toBeNull();
    expect(parseFinderQuery({ category: 'EQUITIES' }, facets).category).toBeNull();
  });

  it('accepts a currency in any case, and takes the first of repeated params', () => {
    expect(parseFinderQuery({ currency: 'usd' }, facets).currency).toBe('USD');
    expect(parseFinderQuery({ sri: ['2', '6'], category: ['x', 'equities'] }, facets)).toMatchObject({ sri: 2, category: null });
  });

  it('trims the search, collapses its spaces and cuts it at the maximum length', () => {
    expect(parseFinderQuery({ q: '  actions \t europe ' }, facets).q).toBe('actions europe');
    expect(parseFinderQuery({ q: 'x'.repeat(500) }, facets).q).toHaveLength(MAX_SEARCH_LENGTH);
  });
});

describe('finder URLs', () => {
  it('leaves empty values and the default sort out of the query string', () => {
    expect(finderSearch(EMPTY_QUERY)).toBe('');
    expect(finderSearch(query({ sri: 3, q: 'crédit euro', sort: 'ytd' }))).toBe('sri=3&q=cr%C3%A9dit+euro&sort=ytd');
    expect(compactFinderSearch([['category', ''], ['sri', '4'], ['q', ' '], ['sort', DEFAULT_SORT]])).toBe('sri=4');
  });

  it('round-trips a query through its URL', () => {
    const original = query({ category: 'fixed-income', sri: 2, sfdr: 9, currency: 'USD', q: 'euro', sort: 'risk-desc' });
    const params = Object.fromEntries(new URLSearchParams(finderSearch(original)));
    expect(parseFinderQuery(params, facets)).toEqual(original);
  });

  it('counts the active filters, not the sort', () => {
    expect(activeFilterCount(EMPTY_QUERY)).toBe(0);
    expect(activeFilterCount(query({ sort: 'name' }))).toBe(0);
    expect(activeFilterCount(query({ category: 'equities', sri: 4, sfdr: 8, currency: 'EUR', q: 'a' }))).toBe(5);
  });
});

describe('cached finder pages (docs/decisions/021)', () => {
  const catalog = { categories: new Set(['equities', 'fixed-income']), currencies: new Set(['EUR', 'USD']) };
  const segmentOf = (search: string) => finderSegmentOf(new URLSearchParams(search), catalog);

  it('gives the unfiltered range and each single filter, with any sort, a segment of its own', () => {
    expect(segmentOf('')).toBe(FINDER_ALL_SEGMENT);
    expect(segmentOf('category=equities')).toBe('category.equities');
    expect(segmentOf('sri=3&sort=name')).toBe('sri.3~sort.name');
    expect(segmentOf('sort=ytd&currency=usd')).toBe('currency.USD~sort.ytd');
    expect(segmentOf('sfdr=9')).toBe('sfdr.9');
    expect(segmentOf('sort=category')).toBe(FINDER_ALL_SEGMENT);
  });

  it('maps every value the form does not offer, and any other parameter, to the page it renders', () => {
    expect(segmentOf('category=nope&sri=12&sfdr=7&currency=XYZ&sort=random&utm_source=x')).toBe(FINDER_ALL_SEGMENT);
    expect(segmentOf(`category=${'a'.repeat(5000)}`)).toBe(FINDER_ALL_SEGMENT);
    expect(segmentOf('q=&category=equities&category=fixed-income')).toBe('category.equities');
  });

  it('leaves a text search and combined filters to the page rendered per request', () => {
    expect(segmentOf('q=euro')).toBeNull();
    expect(segmentOf('q=FR0000000031')).toBeNull();
    expect(segmentOf('category=equities&sri=3')).toBeNull();
    expect(finderSegment(query({ sfdr: 8, currency: 'EUR' }))).toBeNull();
  });

  it('reads back exactly the segments it makes, and refuses any other', () => {
    for (const search of ['', 'category=fixed-income&sort=risk-desc', 'sri=7', 'currency=EUR&sort=1y', 'sfdr=6&sort=name']) {
      const segment = segmentOf(search)!;
      const params = finderSegmentParams(segment, catalog);
      expect(params, segment).not.toBeNull();
      expect(finderSegment(parseFinderQuery(params!, { categories: [...catalog.categories].map((code) => ({ code, title: code })), currencies: [...catalog.currencies] }))).toBe(segment);
    }
    for (const forged of ['', 'none', 'category.nope', 'sort.name~sri.3', 'sri.3~sri.4', 'sri.3~sfdr.8', 'q.euro', 'sort.category', 'category.equities~', 'category.equities%7Esort.name', '.x']) {
      expect(finderSegmentParams(forged, catalog), forged).toBeNull();
    }
  });
});

describe('filters', () => {
  it('by category', () => {
    expect(slugs({ category: 'equities' })).toEqual(['europe', 'gold']);
  });
  it('by SRI level of the fund', () => {
    expect(slugs({ sri: 3 })).toEqual(['patrimoine', 'green']);
    expect(slugs({ sri: 7 })).toEqual([]);
  });
  it('by SFDR article', () => {
    expect(slugs({ sfdr: 9 })).toEqual(['green', 'credit']);
    expect(slugs({ sfdr: 6 })).toEqual(['gold']);
  });
  it('by the currency of any visible share class', () => {
    expect(slugs({ currency: 'USD' })).toEqual(['credit']);
    expect(slugs({ currency: 'CHF' })).toEqual(['europe']);
    expect(slugs({ currency: 'EUR' })).toHaveLength(range.length);
  });
  it('combined, every filter must hold', () => {
    expect(slugs({ category: 'fixed-income', sri: 2 })).toEqual(['credit']);
    expect(slugs({ category: 'fixed-income', sri: 4 })).toEqual([]);
  });
});

describe('text search', () => {
  it('matches fund titles without regard to case, accents or punctuation, every word anywhere', () => {
    expect(normalizeSearchText('Aurore Sicav – Crédit-Euro')).toBe('aurore sicav credit euro');
    expect(slugs({ q: 'CREDIT' })).toEqual(['credit']);
    expect(slugs({ q: 'europe actions' })).toEqual(['europe']);
    expect(slugs({ q: 'tresorerie' })).toEqual(['cash']);
    expect(slugs({ q: 'europe gold' })).toEqual([]);
  });

  it('matches share class names and says which class matched', () => {
    const [result, ...others] = findFunds(range, query({ q: 'usd h' }), 'en');
    expect(others).toEqual([]);
    expect(result?.fund.slug).toBe('credit');
    expect(result?.matchedShares.map((s) => s.name)).toEqual(['C USD H']);
    expect(result?.isinMatch).toBeNull();
    // A match on the fund's own title lists no class.
    expect(findFunds(range, query({ q: 'credit' }), 'en')[0]?.matchedShares).toEqual([]);
  });

  it('finds the fund owning an ISIN, in any case, with the matching class', () => {
    for (const q of ['FR0000000022', 'fr0000000022', ' fr0000000022 ']) {
      const results = findFunds(range, parseFinderQuery({ q }, facets), 'en');
      expect(results.map((r) => r.fund.slug)).toEqual(['europe']);
      expect(results[0]?.isinMatch?.name).toBe('C CHF H');
    }
  });

  it('finds an ISIN given without its check digit (docs/product.md §5: the twelfth character is optional)', () => {
    expect(matchSearch(range[3]!, 'FR000000002')?.isinMatch?.isinCode).toBe('FR0000000021');
  });

  it('an unknown ISIN finds nothing; a word shaped like an ISIN is searched as text', () => {
    expect(slugs({ q: 'FR9999999999' })).toEqual([]);
    // "obligations" is two letters and nine more: ISIN-shaped, but no class has it.
    expect(slugs({ q: 'obligations' })).toEqual(['green']);
  });

  it('a part of an ISIN matches as text', () => {
    expect(slugs({ q: 'lu00000000' })).toEqual(['green', 'credit']);
  });

  it('combines with the filters', () => {
    expect(slugs({ q: 'fr0000000022', category: 'fixed-income' })).toEqual([]);
  });
});

describe('sorting', () => {
  it('defaults to ascending category display order, highlighted funds first within a category', () => {
    expect(slugs({})).toEqual(['patrimoine', 'europe', 'gold', 'cash', 'green', 'credit']);
  });

  it('keeps the range order between funds of one category with the same highlight', () => {
    const twins = [makeFund({ slug: 'b', title: 'B' }), makeFund({ slug: 'a', title: 'A' })];
    expect(findFunds(twins, EMPTY_QUERY, 'en').map((r) => r.fund.slug)).toEqual(['b', 'a']);
  });

  it('by name, in the visitor’s alphabet', () => {
    expect(slugs({ sort: 'name' })).toEqual(['europe', 'credit', 'green', 'gold', 'cash', 'patrimoine']);
    const accents = [makeFund({ slug: 'z', title: 'Zeta' }), makeFund({ slug: 'e', title: 'Été' }), makeFund({ slug: 'f', title: 'Fonds' })];
    expect(findFunds(accents, query({ sort: 'name' }), 'fr').map((r) => r.fund.slug)).toEqual(['e', 'f', 'z']);
  });

  it('by risk, lowest or highest first, ties in category order', () => {
    expect(slugs({ sort: 'risk-asc' })).toEqual(['cash', 'credit', 'patrimoine', 'green', 'europe', 'gold']);
    expect(slugs({ sort: 'risk-desc' })).toEqual(['gold', 'europe', 'patrimoine', 'green', 'credit', 'cash']);
  });

  it('by YTD or 1-year performance of the main share, best first, funds without a figure last', () => {
    expect(slugs({ sort: 'ytd' })).toEqual(['gold', 'europe', 'patrimoine', 'credit', 'green', 'cash']);
    expect(slugs({ sort: '1y' })).toEqual(['europe', 'patrimoine', 'credit', 'green', 'gold', 'cash']);
  });
});

describe('groupByCategory', () => {
  it('makes one group per category, in the order of the results', () => {
    const groups = groupByCategory(findFunds(range, EMPTY_QUERY, 'en'));
    expect(groups.map((g) => [g.code, g.results.map((r) => r.fund.slug)])).toEqual([
      ['multi-asset', ['patrimoine']],
      ['equities', ['europe', 'gold']],
      ['money-market', ['cash']],
      ['fixed-income', ['green', 'credit']],
    ]);
    expect(groups[1]).toMatchObject({ title: 'Equities', description: 'Equities funds' });
  });

  it('is empty for no results', () => {
    expect(groupByCategory([])).toEqual([]);
  });
});
