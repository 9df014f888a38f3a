import { Query } from 'mingo';
import { describe, expect, it } from 'vitest';

import { runContentQuery } from './query';
import type { ContentDocument, ContentQuery } from './types';
import { MAX_WHERE_NODES } from './where-check';
import { InvalidWhereError } from './where-filter';
import { createWorkBudget } from './work-budget';

const DOCS: readonly ContentDocument[] = [
  {
    path: '/fr/news/green-bonds-2026',
    title: 'Obligations vertes 2026',
    description: 'Notre fonds green bonds',
    date: '2026-01-15',
    category: 'esg',
    tags: ['esg', 'bonds'],
    views: 20,
    author: { name: 'Claire' },
    body: { type: 'root', children: [{ type: 'text', value: 'La transition du cœur industriel' }] },
    text: '# Obligations vertes\nLa transition du cœur industriel',
  },
  {
    path: '/fr/news/electricite',
    title: "Prix de l'électricité",
    description: "Marché de l'énergie",
    date: '2026-02-01',
    category: 'markets',
    tags: ['energy'],
    views: 30,
    text: 'Les prix de gros baissent.',
  },
  { path: '/fr/news/rates', title: 'Taux directeurs', date: '2025-12-01', category: 'markets', tags: ['rates', 'bonds'], views: 10 },
  { path: '/fr/news/archive/review-2024', title: 'Bilan 2024', date: '2024-12-31', category: 'esg', views: 5 },
  { path: '/fr/about', title: 'À propos' },
  { path: '/en/news/green-bonds-2026', title: 'Green bonds 2026', date: '2026-01-15', category: 'esg' },
];

const run = (path: string, query: ContentQuery = {}) => runContentQuery(DOCS, path, query);

function listOf(path: string, query: ContentQuery = {}): Record<string, unknown>[] {
  const result = run(path, query);
  expect(result.status).toBe(200);
  expect(Array.isArray(result.body)).toBe(true);
  return result.body as Record<string, unknown>[];
}

const slugs = (path: string, query: ContentQuery = {}) => listOf(path, query).map((doc) => doc.slug);
const slugsWhere = (where: Record<string, unknown>) => slugs('/fr/news', { where });

describe('paths', () => {
  it('returns one document as an object, with derived dir and slug, for a document path', () => {
    const result = run('/fr/news/rates');
    expect(result).toEqual({
      status: 200,
      body: { ...DOCS[2], dir: '/fr/news', slug: 'rates' },
    });
  });

  it('normalises missing leading slash, trailing and doubled slashes', () => {
    for (const path of ['fr/news/rates', '/fr/news/rates/', '//fr//news/rates']) {
      expect(run(path)).toMatchObject({ status: 200, body: { path: '/fr/news/rates' } });
    }
  });

  it('answers 404 for an unknown path', () => {
    expect(run('/fr/nothing')).toEqual({ status: 404, body: { message: '/fr/nothing not found' } });
  });

  it('answers 404 for paths with .. or . segments, even when they would resolve to content', () => {
    expect(run('/fr/news/../about').status).toBe(404);
    expect(run('/fr/./about').status).toBe(404);
    expect(run('..')).toEqual({ status: 404, body: { message: 'content not found' } });
  });

  it('lists only the documents directly in a directory without deep', () => {
    expect(slugs('/fr/news')).toEqual(['green-bonds-2026', 'electricite', 'rates']);
    expect(slugs('/fr')).toEqual(['about']);
  });

  it('lists every sub-directory with deep: true', () => {
    expect(slugs('/fr/news', { deep: true })).toEqual(['green-bonds-2026', 'electricite', 'rates', 'review-2024']);
    expect(slugs('/', { deep: true })).toHaveLength(DOCS.length);
  });

  it('treats the root as a directory', () => {
    expect(listOf('/')).toEqual([]);
    expect(listOf('')).toEqual([]);
  });

  it('prefers the directory when a document has the same path as a directory (Nuxt)', () => {
    const docs: ContentDocument[] = [{ path: '/funds', title: 'Funds page' }, { path: '/funds/alpha', title: 'Alpha' }];
    expect(runContentQuery(docs, '/funds', {})).toMatchObject({ status: 200, body: [{ slug: 'alpha' }] });
  });

  it('uses the path, not stored dir/slug fields, to place a document', () => {
    const docs: ContentDocument[] = [{ path: '/a/b/', dir: '/elsewhere', slug: 'wrong' }];
    expect(runContentQuery(docs, '/a', {}).body).toEqual([{ path: '/a/b', dir: '/a', slug: 'b' }]);
  });
});

describe('text, only and without', () => {
  it('omits the raw text field unless text: true', () => {
    expect(run('/fr/news/electricite').body).not.toHaveProperty('text');
    expect(run('/fr/news/electricite', { text: true }).body).toHaveProperty('text', 'Les prix de gros baissent.');
  });

  it('keeps only the listed fields', () => {
    expect(listOf('/fr/news', { only: ['title'] })[0]).toEqual({ title: 'Obligations vertes 2026' });
    expect(run('/fr/news/rates', { only: ['slug', 'date'] }).body).toEqual({ slug: 'rates', date: '2025-12-01' });
  });

  it('never returns text through only when text is false', () => {
    expect(run('/fr/news/electricite', { only: ['title', 'text'] }).body).toEqual({ title: "Prix de l'électricité" });
  });

  it('drops the fields listed in without, after only', () => {
    const body = run('/fr/news/rates', { without: ['tags', 'views', 'dir'] }).body;
    expect(body).toEqual({ path: '/fr/news/rates', slug: 'rates', title: 'Taux directeurs', date: '2025-12-01', category: 'markets' });
    expect(run('/fr/news/rates', { only: ['title', 'date'], without: ['date'] }).body).toEqual({ title: 'Taux directeurs' });
  });
});

describe('sortBy', () => {
  it('sorts ascending by default and descending on request', () => {
    expect(slugs('/fr/news', { sortBy: [{ field: 'date', direction: 'asc' }] })).toEqual(['rates', 'green-bonds-2026', 'electricite']);
    expect(slugs('/fr/news', { sortBy: [{ field: 'date', direction: 'desc' }] })).toEqual(['electricite', 'green-bonds-2026', 'rates']);
  });

  it('sorts by two keys, the second breaking ties of the first', () => {
    const order = slugs('/fr/news', {
      deep: true,
      sortBy: [
        { field: 'category', direction: 'asc' },
        { field: 'views', direction: 'desc' },
      ],
    });
    expect(order).toEqual(['green-bonds-2026', 'review-2024', 'electricite', 'rates']);
  });

  it('is stable: equal keys keep the input order', () => {
    expect(slugs('/fr/news', { deep: true, sortBy: [{ field: 'category', direction: 'asc' }] })).toEqual([
      'green-bonds-2026',
      'review-2024',
      'electricite',
      'rates',
    ]);
  });

  it('orders strings accent-insensitively and missing values first (MongoDB order)', () => {
    const docs: ContentDocument[] = [{ path: '/x/z', t: 'Zinc' }, { path: '/x/e', t: 'Énergie' }, { path: '/x/a', t: 'acier' }, { path: '/x/n' }];
    expect(runContentQuery(docs, '/x', { sortBy: [{ field: 't', direction: 'asc' }] }).body).toMatchObject([
      { slug: 'n' },
      { slug: 'a' },
      { slug: 'e' },
      { slug: 'z' },
    ]);
  });

  it('sorts by a dotted field path', () => {
    const docs: ContentDocument[] = [{ path: '/x/b', meta: { rank: 2 } }, { path: '/x/a', meta: { rank: 1 } }];
    expect(runContentQuery(docs, '/x', { sortBy: [{ field: 'meta.rank', direction: 'asc' }] }).body).toMatchObject([{ slug: 'a' }, { slug: 'b' }]);
  });
});

describe('where', () => {
  it('supports the comparison operators', () => {
    expect(slugsWhere({ category: { $eq: 'esg' } })).toEqual(['green-bonds-2026']);
    expect(slugsWhere({ category: 'esg' })).toEqual(['green-bonds-2026']);
    expect(slugsWhere({ category: { $ne: 'esg' } })).toEqual(['electricite', 'rates']);
    expect(slugsWhere({ slug: { $in: ['rates', 'electricite'] } })).toEqual(['electricite', 'rates']);
    expect(slugsWhere({ slug: { $nin: ['rates', 'electricite'] } })).toEqual(['green-bonds-2026']);
    expect(slugsWhere({ views: { $gt: 20 } })).toEqual(['electricite']);
    expect(slugsWhere({ views: { $gte: 20 } })).toEqual(['green-bonds-2026', 'electricite']);
    expect(slugsWhere({ views: { $lt: 20 } })).toEqual(['rates']);
    expect(slugsWhere({ views: { $lte: 20 } })).toEqual(['green-bonds-2026', 'rates']);
  });

  it('compares ISO date strings chronologically', () => {
    expect(slugsWhere({ date: { $gte: '2026-01-01', $lt: '2026-02-01' } })).toEqual(['green-bonds-2026']);
  });

  it('supports $contains on a string (substring, case-sensitive)', () => {
    expect(slugsWhere({ title: { $contains: 'vertes' } })).toEqual(['green-bonds-2026']);
    expect(slugsWhere({ title: { $contains: 'VERTES' } })).toEqual([]);
  });

  it('supports $contains on an array, with a list operand meaning "all of these"', () => {
    expect(slugsWhere({ tags: { $contains: 'bonds' } })).toEqual(['green-bonds-2026', 'rates']);
    expect(slugsWhere({ tags: { $contains: ['bonds', 'esg'] } })).toEqual(['green-bonds-2026']);
    expect(slugsWhere({ views: { $contains: 2 } })).toEqual([]);
  });

  it('does not register $contains in mingo’s shared context', () => {
    expect(() => new Query({ tags: { $contains: 'bonds' } })).toThrow(/\$contains/);
  });

  it('supports $not around a field operator', () => {
    expect(slugsWhere({ title: { $not: { $contains: 'Taux' } } })).toEqual(['green-bonds-2026', 'electricite']);
    expect(slugsWhere({ views: { $not: { $gte: 20 } } })).toEqual(['rates']);
  });

  // The catastrophic patterns of the hardening issue: each would hold the thread for ever on a long enough title.
  const CATASTROPHIC = ['^(.*?)*X$', '(a+)+$', '(.*a){20}', '^(a|a)*$', '(x+x+)+y', '([a-z]+)*\\d$'];

  it.each(CATASTROPHIC)('never runs the user pattern %s, even when the schema is bypassed', (pattern) => {
    const docs: ContentDocument[] = [{ path: '/x/a', title: `${'a'.repeat(5000)}!` }];
    for (const where of [
      { title: { $regex: pattern } },
      { title: { $regex: pattern, $options: 'i' } },
      { title: { $not: { $regex: pattern } } },
      { $or: [{ title: { $eq: 'x' } }, { title: { $regex: pattern } }] },
      { tags: { $elemMatch: { $regex: pattern } } },
      { title: { $in: [{ $regex: pattern }] } },
    ]) {
      const started = performance.now();
      expect(() => runContentQuery(docs, '/x', { where })).toThrow(/regular expressions are refused/);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('refuses filters larger than the allowed number of values, even when the schema is bypassed', () => {
    const where = { slug: { $in: Array.from({ length: MAX_WHERE_NODES }, (_, index) => `s${index}`).slice(0, 99) }, $or: [{ a: 1 }] };
    expect(run('/fr/news', { where }).status).toBe(200);
    const wide = { $or: Array.from({ length: MAX_WHERE_NODES / 2 }, (_, index) => ({ [`f${index}`]: index })) };
    expect(() => run('/fr/news', { where: wide })).toThrow(/too large/);
  });

  it('supports logical operators, $exists and dotted paths', () => {
    expect(slugsWhere({ $or: [{ category: 'esg' }, { views: { $lt: 15 } }] })).toEqual(['green-bonds-2026', 'rates']);
    expect(slugsWhere({ text: { $exists: true } })).toEqual(['green-bonds-2026', 'electricite']);
    expect(slugsWhere({ 'author.name': 'Claire' })).toEqual(['green-bonds-2026']);
  });

  it('filters a single document too: a non-matching document is not found', () => {
    expect(run('/fr/news/rates', { where: { category: 'markets' } }).status).toBe(200);
    expect(run('/fr/news/rates', { where: { category: 'esg' } })).toEqual({ status: 404, body: { message: '/fr/news/rates not found' } });
  });

  it('refuses code-running operators even when the schema is bypassed', () => {
    expect(() => run('/fr/news', { where: { $where: 'return true' } })).toThrow(InvalidWhereError);
    expect(() => run('/fr/news', { where: { $expr: { $function: { body: 'return true', args: [], lang: 'js' } } } })).toThrow(
      /executes code/,
    );
  });
});

describe('search', () => {
  it('finds accented words from unaccented, differently cased text', () => {
    expect(slugs('/fr/news', { search: { query: 'electricite' } })).toEqual(['electricite']);
    expect(slugs('/fr/news', { search: { query: 'ÉNERGIE' } })).toEqual(['electricite']);
  });

  it('searches title, description, text and structured bodies, requiring every word', () => {
    expect(slugs('/fr/news', { search: { query: 'green' } })).toEqual(['green-bonds-2026']);
    expect(slugs('/fr/news', { search: { query: 'prix gros' } })).toEqual(['electricite']);
    expect(slugs('/fr/news', { search: { query: 'prix vertes' } })).toEqual([]);
    expect(slugs('/fr/news', { search: { query: 'coeur industriel' } })).toEqual(['green-bonds-2026']);
  });

  it('searches strings nested in a structured body', () => {
    const docs: ContentDocument[] = [
      { path: '/x/a', body: { children: [{ children: [{ value: 'Fonds monétaire' }] }] } },
      { path: '/x/b', body: 'Fonds actions' },
    ];
    expect(runContentQuery(docs, '/x', { search: { query: 'monetaire' } }).body).toMatchObject([{ slug: 'a' }]);
    expect(runContentQuery(docs, '/x', { search: { query: 'fonds' } }).body).toMatchObject([{ slug: 'a' }, { slug: 'b' }]);
  });

  it('searches an HTML body without its tags, and only when the document has no text', () => {
    const docs: ContentDocument[] = [
      { path: '/x/html', body: '<p class="lead">Performance <strong>annuelle</strong></p>' },
      { path: '/x/both', body: '<p>Seulement dans le corps</p>', text: 'Texte brut' },
    ];
    expect(runContentQuery(docs, '/x', { search: { query: 'annuelle' } }).body).toMatchObject([{ slug: 'html' }]);
    expect(runContentQuery(docs, '/x', { search: { query: 'strong' } }).body).toEqual([]);
    expect(runContentQuery(docs, '/x', { search: { query: 'corps' } }).body).toEqual([]);
    expect(runContentQuery(docs, '/x', { search: { query: 'brut' } }).body).toMatchObject([{ slug: 'both' }]);
  });

  it('searches the raw text even when text is not returned', () => {
    expect(listOf('/fr/news', { search: { query: 'baissent' } })).toEqual([expect.not.objectContaining({ text: expect.anything() })]);
  });

  it('searches one field when value is given', () => {
    expect(slugs('/fr/news', { search: { query: 'category', value: 'MARKETS' } })).toEqual(['electricite', 'rates']);
    expect(slugs('/fr/news', { search: { query: 'tags', value: 'bonds' } })).toEqual(['green-bonds-2026', 'rates']);
    expect(slugs('/fr/news', { search: { query: 'description', value: 'taux' } })).toEqual([]);
  });

  it('filters nothing when the searched text is blank', () => {
    expect(slugs('/fr/news', { search: { query: '  ' } })).toHaveLength(3);
  });
});

describe('work budget', () => {
  /** Documents big enough that a search over all of them costs thousands of units. */
  const BIG: readonly ContentDocument[] = Array.from({ length: 200 }, (_, index) => ({
    path: `/big/d${index}`,
    title: `Document ${index}`,
    text: 'lorem ipsum dolor sit amet '.repeat(400),
  }));

  it('answers 422 once a query spends more units than allowed, without finishing the work', () => {
    let spent = 0;
    const budget = createWorkBudget({ maxUnits: 5000 });
    const counting = { spend: (units: number) => ((spent += units), budget.spend(units)) };
    const result = runContentQuery(BIG, '/big', { search: { query: 'lorem ipsum dolor sit amet absent' } }, counting);
    expect(result).toEqual({ status: 422, body: { message: expect.stringMatching(/more work than one request may do/) } });
    expect(spent).toBeLessThan(5000 + 200);
    // The same query within a larger budget simply finds nothing.
    expect(runContentQuery(BIG, '/big', { search: { query: 'lorem ipsum dolor sit amet absent' } }, createWorkBudget({ maxUnits: 1e7 })).status).toBe(200);
  });

  it('charges each document for the size of the filter', () => {
    const where = { $or: Array.from({ length: 20 }, (_, index) => ({ title: `Document ${index}` })) };
    expect(runContentQuery(BIG, '/big', { where }, createWorkBudget({ maxUnits: 200 * 10 })).status).toBe(422);
    expect(runContentQuery(BIG, '/big', { where }, createWorkBudget({ maxUnits: 200 * 100 }))).toMatchObject({ status: 200, body: { length: 20 } });
  });

  it('answers 422 once the time budget is spent, whatever the units', () => {
    let clock = 0;
    const budget = createWorkBudget({ maxMs: 200, now: () => (clock += 10) });
    const result = runContentQuery(BIG, '/big', { where: { title: { $contains: 'Document' } } }, budget);
    expect(result).toEqual({ status: 422, body: { message: expect.stringMatching(/time budget \(200 ms\)/) } });
  });

  it('lets ordinary queries through the default budget', () => {
    expect(runContentQuery(BIG, '/big', { search: { query: 'lorem' }, sortBy: [{ field: 'title', direction: 'desc' }], limit: 5 }).status).toBe(200);
  });
});

describe('surround', () => {
  const byDate: ContentQuery['sortBy'] = [{ field: 'date', direction: 'asc' }];
  const around = (slugOrPath: string, before?: number, after?: number) =>
    listOf('/fr/news', { sortBy: byDate, only: ['slug'], surround: { slugOrPath, before, after } });

  it('returns the previous and next documents in the current sort order', () => {
    expect(around('green-bonds-2026')).toEqual([{ slug: 'rates' }, { slug: 'electricite' }]);
  });

  it('pads with null at both ends', () => {
    expect(around('rates')).toEqual([null, { slug: 'green-bonds-2026' }]);
    expect(around('electricite')).toEqual([{ slug: 'green-bonds-2026' }, null]);
    expect(around('rates', 2, 1)).toEqual([null, null, { slug: 'green-bonds-2026' }]);
    expect(around('electricite', 2, 2)).toEqual([{ slug: 'rates' }, { slug: 'green-bonds-2026' }, null, null]);
  });

  it('matches a path when the reference contains a slash', () => {
    expect(around('/fr/news/green-bonds-2026/')).toEqual([{ slug: 'rates' }, { slug: 'electricite' }]);
  });

  it('returns only nulls when the reference is not in the list', () => {
    expect(around('unknown')).toEqual([null, null]);
  });

  it('ignores skip and limit, which would hide the neighbours', () => {
    expect(listOf('/fr/news', { sortBy: byDate, only: ['slug'], limit: 1, skip: 1, surround: { slugOrPath: 'green-bonds-2026' } })).toEqual([
      { slug: 'rates' },
      { slug: 'electricite' },
    ]);
  });
});

describe('limit and skip', () => {
  it('skips then limits, after sorting', () => {
    const sortBy: ContentQuery['sortBy'] = [{ field: 'date', direction: 'desc' }];
    expect(slugs('/fr/news', { sortBy, limit: 2 })).toEqual(['electricite', 'green-bonds-2026']);
    expect(slugs('/fr/news', { sortBy, skip: 1, limit: 1 })).toEqual(['green-bonds-2026']);
    expect(slugs('/fr/news', { sortBy, skip: 5 })).toEqual([]);
  });

  it('treats limit 0 as no limit', () => {
    expect(slugs('/fr/news', { limit: 0 })).toHaveLength(3);
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

describe('purity', () => {
  it('never mutates the input array or its documents', () => {
    const docs = structuredClone(DOCS) as ContentDocument[];
    const snapshot = structuredClone(docs);
    deepFreeze(docs);
    const queries: ContentQuery[] = [
      { deep: true, sortBy: [{ field: 'date', direction: 'desc' }], without: ['body'] },
      { where: { tags: { $contains: 'bonds' } }, search: { query: 'vertes' }, only: ['title'] },
      { surround: { slugOrPath: 'rates', before: 2, after: 2 }, text: true },
      { skip: 1, limit: 1 },
    ];
    for (const query of queries) runContentQuery(docs, '/fr/news', query);
    runContentQuery(docs, '/fr/news/rates', { text: true });
    expect(docs).toEqual(snapshot);
  });

  it('returns copies, so editing a result leaves the documents alone', () => {
    const docs = structuredClone(DOCS) as ContentDocument[];
    const body = runContentQuery(docs, '/fr/news/rates', {}).body as Record<string, unknown>;
    body.title = 'changed';
    expect(docs[2]?.title).toBe('Taux directeurs');
  });
});
