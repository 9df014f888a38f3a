import { describe, expect, it } from 'vitest';

import { MAX_FIELD_LIST, MAX_SEARCH_WORDS, MAX_SKIP, MAX_SORT_KEYS, parseContentQuery } from './query-schema';
import { MAX_WHERE_DEPTH, MAX_WHERE_LIST, MAX_WHERE_NODES, MAX_WHERE_STRING } from './where-check';

function messageFor(body: unknown): string {
  const result = parseContentQuery(body);
  if (result.ok) throw new Error(`expected a rejection for ${JSON.stringify(body)}`);
  return result.message;
}

function queryFor(body: unknown) {
  const result = parseContentQuery(body);
  if (!result.ok) throw new Error(result.message);
  return result.query;
}

describe('parseContentQuery: accepted bodies', () => {
  it('accepts an empty object and an absent body as the empty query', () => {
    expect(queryFor({})).toEqual({});
    expect(queryFor(undefined)).toEqual({});
  });

  it('accepts every field and normalises only/without, sortBy and surround', () => {
    const query = queryFor({
      deep: true,
      text: false,
      only: 'title',
      without: ['body', 'text'],
      sortBy: [{ field: 'date', direction: 'desc' }, { field: 'title' }],
      where: { category: { $in: ['esg', 'markets'] }, tags: { $contains: 'bonds' } },
      search: { query: 'category', value: 'esg' },
      surround: { slugOrPath: 'green-bonds-2026', options: { before: 2 } },
      limit: 10,
      skip: 0,
    });
    expect(query).toEqual({
      deep: true,
      text: false,
      only: ['title'],
      without: ['body', 'text'],
      sortBy: [
        { field: 'date', direction: 'desc' },
        { field: 'title', direction: 'asc' },
      ],
      where: { category: { $in: ['esg', 'markets'] }, tags: { $contains: 'bonds' } },
      search: { query: 'category', value: 'esg' },
      surround: { slugOrPath: 'green-bonds-2026', before: 2, after: 1 },
      limit: 10,
      skip: 0,
    });
  });

  it('accepts the listed where operators', () => {
    const where = {
      a: { $eq: 1 },
      b: { $ne: 1 },
      c: { $in: [1] },
      d: { $nin: [1] },
      e: { $gt: 1, $lt: 5 },
      f: { $gte: '2026-01-01', $lte: '2026-12-31' },
      g: { $contains: 'x' },
      h: { $contains: ['x', 'y'] },
      i: { $not: { $contains: 'y' } },
      j: { $elemMatch: { name: 'x' } },
      k: { $exists: false },
      l: { $size: 2 },
      m: { $all: ['x'] },
      $or: [{ n: 1 }, { o: { $type: 'string' } }],
    };
    expect(queryFor({ where }).where).toEqual(where);
  });

  it('accepts the limit boundaries', () => {
    expect(queryFor({ limit: 0 }).limit).toBe(0);
    expect(queryFor({ limit: 1000 }).limit).toBe(1000);
  });
});

describe('parseContentQuery: malformed bodies', () => {
  it('rejects bodies that are not objects', () => {
    for (const body of [null, [], 'deep', 3]) expect(messageFor(body)).toBe('body: must be a JSON object');
  });

  it('rejects unknown top-level fields, listing the allowed ones', () => {
    expect(messageFor({ limt: 3 })).toBe(
      'body: unknown field "limt" (allowed: deep, text, only, without, sortBy, where, search, surround, limit, skip)',
    );
  });

  it('rejects unknown fields in nested objects', () => {
    expect(messageFor({ search: { query: 'x', fuzzy: true } })).toBe('search: unknown field "fuzzy" (allowed: query, value)');
    expect(messageFor({ surround: { slugOrPath: 'x', options: { around: 1 } } })).toBe(
      'surround.options: unknown field "around" (allowed: before, after)',
    );
  });

  it('rejects wrong types for deep and text', () => {
    expect(messageFor({ deep: 'true', text: 1 })).toBe('deep: must be a boolean; text: must be a boolean');
  });

  it('rejects only/without that are not field names', () => {
    expect(messageFor({ only: 3 })).toBe('only: must be a field name or a list of field names');
    expect(messageFor({ without: ['body', 3] })).toBe('without: must be a field name or a list of field names');
    expect(messageFor({ only: '' })).toBe('only: must be a non-empty field name of at most 200 characters');
  });

  it('rejects malformed sortBy', () => {
    expect(messageFor({ sortBy: 'date' })).toBe('sortBy: must be a list of { field, direction } objects');
    expect(messageFor({ sortBy: [{ field: 'date', direction: 'down' }] })).toBe('sortBy[0].direction: must be "asc" or "desc"');
    expect(messageFor({ sortBy: [{ direction: 'asc' }] })).toBe('sortBy[0].field: must be a non-empty field name of at most 200 characters');
  });

  it('rejects limit outside 0..1000 or not an integer', () => {
    for (const limit of [-1, 1001, 2.5, '10', null]) expect(messageFor({ limit })).toBe('limit: must be an integer between 0 and 1000');
  });

  it('rejects a negative, fractional or huge skip', () => {
    for (const skip of [-1, 0.5, '1', MAX_SKIP + 1, Number.MAX_SAFE_INTEGER]) expect(messageFor({ skip })).toBe(`skip: must be an integer between 0 and ${MAX_SKIP}`);
    expect(queryFor({ skip: MAX_SKIP }).skip).toBe(MAX_SKIP);
  });

  it('rejects malformed search', () => {
    expect(messageFor({ search: 'bonds' })).toBe('search: must be an object { query, value? }');
    expect(messageFor({ search: { query: 3 } })).toBe('search.query: must be a string');
    expect(messageFor({ search: { query: '', value: 'x' } })).toMatch(/^search\.query: must be a non-empty field name/);
  });

  it('rejects malformed surround', () => {
    expect(messageFor({ surround: { slugOrPath: '' } })).toBe('surround.slugOrPath: must be a non-empty string');
    expect(messageFor({ surround: { slugOrPath: 'x', options: { before: -1 } } })).toBe(
      'surround.options.before: must be an integer between 0 and 100',
    );
  });

  it('reports every problem at once', () => {
    expect(messageFor({ limit: -1, skip: -1 })).toBe('limit: must be an integer between 0 and 1000; skip: must be an integer between 0 and 100000');
  });
});

describe('parseContentQuery: where', () => {
  it('requires an object', () => {
    for (const where of [[], 'x', null, 3]) expect(messageFor({ where })).toBe('where: must be an object');
  });

  it.each(['$where', '$function', '$accumulator'])('rejects the code-running operator %s wherever it appears', (operator) => {
    expect(messageFor({ where: { [operator]: 'return true' } })).toBe(`where.${operator}: executes code and is not allowed`);
    expect(messageFor({ where: { $or: [{ a: 1 }, { $expr: { [operator]: {} } }] } })).toBe(
      `where.$or[1].$expr.${operator}: executes code and is not allowed`,
    );
  });

  it('rejects operators outside the allow-list, such as $expr and $jsonSchema', () => {
    expect(messageFor({ where: { $expr: { $gt: ['$a', 1] } } })).toMatch(/^where\.\$expr: is not a supported operator \(allowed: \$and/);
    expect(messageFor({ where: { $jsonSchema: {} } })).toMatch(/^where\.\$jsonSchema: is not a supported operator/);
    expect(messageFor({ where: { a: { $mod: [2, 0] } } })).toMatch(/^where\.a\.\$mod: is not a supported operator/);
  });

  it('rejects operator operands of the wrong shape', () => {
    expect(messageFor({ where: { a: { $in: 'x' } } })).toBe('where.a.$in: must be an array');
    expect(messageFor({ where: { a: { $nin: 1 } } })).toBe('where.a.$nin: must be an array');
    expect(messageFor({ where: { a: { $exists: 'yes' } } })).toBe('where.a.$exists: must be a boolean');
    expect(messageFor({ where: { a: { $size: -1 } } })).toBe('where.a.$size: must be a non-negative integer');
    expect(messageFor({ $and: [] })).toMatch(/^body: unknown field/);
    expect(messageFor({ where: { $and: [] } })).toBe('where.$and: must be a non-empty array of conditions');
    expect(messageFor({ where: { $or: [3] } })).toBe('where.$or[0]: must be an object');
    expect(messageFor({ where: { $eq: 1 } })).toMatch(/^where\.\$eq: must be applied to a field/);
    expect(messageFor({ where: { a: { $gt: 1, b: 2 } } })).toBe('where.a.b: field names cannot be mixed with operators');
  });

  // The request that froze the server (catastrophic backtracking), and its variants: refused before anything runs.
  it.each(['^(.*?)*X$', '(a+)+$', '(.*a){20}', '^(a|aa)+$', '(\\w+\\s?)*$', 'x'])('refuses $regex %s with a 400 naming the operator, fast', (pattern) => {
    const started = performance.now();
    const refused = /^where\.title\.\$regex: is not supported: regular expressions are refused \(use \$contains or search\)$/;
    expect(messageFor({ where: { title: { $regex: pattern } } })).toMatch(refused);
    expect(messageFor({ where: { title: { $regex: pattern, $options: 'i' } } })).toMatch(refused);
    expect(messageFor({ where: { title: { $not: { $regex: pattern } } } })).toMatch(/^where\.title\.\$not\.\$regex: is not supported/);
    expect(messageFor({ where: { $and: [{ $or: [{ title: { $regex: pattern } }] }] } })).toMatch(/^where\.\$and\[0\]\.\$or\[0\]\.title\.\$regex: is not supported/);
    expect(messageFor({ where: { tags: { $elemMatch: { $regex: pattern } } } })).toMatch(/^where\.tags\.\$elemMatch\.\$regex: is not supported/);
    expect(messageFor({ where: { title: { $options: 'i' } } })).toMatch(/^where\.title\.\$options: is not supported/);
    expect(performance.now() - started).toBeLessThan(1000);
  });
  it('rejects __proto__ field names and over-deep nesting', () => {
    expect(messageFor({ where: JSON.parse('{"__proto__": {"polluted": true}}') as unknown })).toBe('where.__proto__: is not a valid field name');
    let deep: unknown = 1;
    for (let level = 0; level <= MAX_WHERE_DEPTH; level += 1) deep = { a: deep };
    expect(messageFor({ where: deep })).toMatch(/is nested too deeply/);
  });

  it('refuses prototype names anywhere in a filter', () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      expect(messageFor({ where: JSON.parse(`{"${name}": 1}`) as unknown })).toBe(`where.${name}: is not a valid field name`);
      expect(messageFor({ where: { [`author.${name}.name`]: 'x' } })).toBe(`where.author.${name}.name: is not a valid field name`);
      expect(messageFor({ where: JSON.parse(`{"$or": [{"a": {"$eq": {"${name}": {"x": 1}}}}]}`) as unknown })).toBe(`where.$or[0].a.$eq.${name}: is not a valid field name`);
    }
  });

  it('bounds the size of a filter: values in all, list lengths, string and key lengths', () => {
    const list = (length: number) => Array.from({ length }, (_, index) => index);
    expect(queryFor({ where: { a: { $in: list(MAX_WHERE_LIST) } } }).where).toBeDefined();
    expect(messageFor({ where: { a: { $in: list(MAX_WHERE_LIST + 1) } } })).toBe(`where.a.$in: must have at most ${MAX_WHERE_LIST} items`);
    expect(messageFor({ where: { a: { $nin: list(100_000) } } })).toBe(`where.a.$nin: must have at most ${MAX_WHERE_LIST} items`);
    const wide = Object.fromEntries(list(MAX_WHERE_NODES).map((index) => [`f${index}`, index]));
    expect(messageFor({ where: wide })).toMatch(new RegExp(`makes the filter too large \\(at most ${MAX_WHERE_NODES} keys and values in all\\)$`));
    const ors = { $or: list(60).map((index) => ({ $and: [{ a: index }, { b: { $in: [1, 2] } }] })) };
    expect(messageFor({ where: ors })).toMatch(/too large/);
    expect(messageFor({ where: { a: { $contains: 'x'.repeat(MAX_WHERE_STRING + 1) } } })).toBe(`where.a.$contains: must be at most ${MAX_WHERE_STRING} characters`);
    expect(messageFor({ where: { ['k'.repeat(201)]: 1 } })).toMatch(/must be a name of at most 200 characters$/);
  });

  it('bounds deep nesting of $and, $or, $not and $elemMatch', () => {
    let nested: Record<string, unknown> = { a: 1 };
    for (let level = 0; level < 40; level += 1) nested = level % 2 ? { $and: [nested] } : { $or: [nested] };
    expect(messageFor({ where: nested })).toMatch(/is nested too deeply/);
    let nots: Record<string, unknown> = { $eq: 1 };
    for (let level = 0; level < 40; level += 1) nots = { $not: nots };
    expect(messageFor({ where: { a: nots } })).toMatch(/is nested too deeply/);
  });

  it('rejects values JSON cannot carry', () => {
    expect(messageFor({ where: { a: () => true } })).toBe('where.a: must contain only JSON values');
    expect(messageFor({ where: { a: Number.NaN } })).toBe('where.a: must contain only JSON values');
  });
});

describe('parseContentQuery: every list and string is bounded', () => {
  const names = (count: number) => Array.from({ length: count }, (_, index) => `f${index}`);

  it('bounds only and without', () => {
    expect(queryFor({ only: names(MAX_FIELD_LIST) }).only).toHaveLength(MAX_FIELD_LIST);
    expect(messageFor({ only: names(MAX_FIELD_LIST + 1) })).toBe(`only: must list at most ${MAX_FIELD_LIST} field names`);
    expect(messageFor({ without: names(10_000) })).toBe(`without: must list at most ${MAX_FIELD_LIST} field names`);
  });

  it('bounds sortBy', () => {
    const keys = (count: number) => names(count).map((field) => ({ field }));
    expect(queryFor({ sortBy: keys(MAX_SORT_KEYS) }).sortBy).toHaveLength(MAX_SORT_KEYS);
    expect(messageFor({ sortBy: keys(MAX_SORT_KEYS + 1) })).toBe(`sortBy: must have at most ${MAX_SORT_KEYS} keys`);
  });

  it('bounds the search text, its words and surround', () => {
    expect(messageFor({ search: { query: 'x'.repeat(501) } })).toBe('search.query: must be at most 500 characters');
    expect(messageFor({ search: { query: 'title', value: 'y'.repeat(501) } })).toBe('search.value: must be at most 500 characters');
    const words = (count: number) => names(count).join(' ');
    expect(queryFor({ search: { query: words(MAX_SEARCH_WORDS) } }).search).toBeDefined();
    expect(messageFor({ search: { query: words(MAX_SEARCH_WORDS + 1) } })).toBe(`search.query: must have at most ${MAX_SEARCH_WORDS} words`);
    expect(messageFor({ search: { query: 'title', value: words(MAX_SEARCH_WORDS + 1) } })).toBe(`search.value: must have at most ${MAX_SEARCH_WORDS} words`);
    expect(messageFor({ surround: { slugOrPath: 's'.repeat(501) } })).toBe('surround.slugOrPath: must be at most 500 characters');
  });

  it('refuses prototype names as fields of only, without, sortBy and search', () => {
    for (const name of ['__proto__', 'constructor', 'prototype', 'a.constructor']) {
      const reserved = 'must not name __proto__, constructor, prototype';
      expect(messageFor({ only: [name] })).toBe(`only[0]: ${reserved}`);
      expect(messageFor({ without: name })).toBe(`without: ${reserved}`);
      expect(messageFor({ sortBy: [{ field: name }] })).toBe(`sortBy[0].field: ${reserved}`);
      expect(messageFor({ search: { query: name, value: 'x' } })).toBe(`search.query: ${reserved}`);
    }
    expect(messageFor(JSON.parse('{"__proto__": {"limit": 1}}') as unknown)).toMatch(/^body: unknown field "__proto__"/);
  });

  it('reports at most ten problems of a body full of them', () => {
    const message = messageFor({ sortBy: Array.from({ length: 5 }, () => ({ field: 3 })), only: [1], limit: -1, skip: -1, deep: 1, text: 1, where: [] });
    expect(message.split('; ')).toHaveLength(11);
    expect(message).toMatch(/; and \d+ more problems$/);
  });
});
