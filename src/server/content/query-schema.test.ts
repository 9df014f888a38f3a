import { describe, expect, it } from 'vitest';

import { parseContentQuery } from './query-schema';
import { MAX_WHERE_DEPTH } from './where-check';

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
      h: { $regex: '^x', $options: 'i' },
      i: { $not: { $regex: 'y' } },
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

  it('rejects a negative or fractional skip', () => {
    for (const skip of [-1, 0.5, '1']) expect(messageFor({ skip })).toBe('skip: must be a non-negative integer');
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
    expect(messageFor({ limit: -1, skip: -1 })).toBe('limit: must be an integer between 0 and 1000; skip: must be a non-negative integer');
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

  it('rejects unusable regular expressions', () => {
    expect(messageFor({ where: { a: { $regex: '(' } } })).toBe('where.a.$regex: is not a valid regular expression');
    expect(messageFor({ where: { a: { $regex: 3 } } })).toBe('where.a.$regex: must be a string');
    expect(messageFor({ where: { a: { $regex: 'x'.repeat(257) } } })).toBe('where.a.$regex: must be at most 256 characters');
    expect(messageFor({ where: { a: { $regex: 'x', $options: 'g' } } })).toBe('where.a.$options: must be a string of the flags i, m, s, u');
    expect(messageFor({ where: { a: { $options: 'i' } } })).toBe('where.a.$options: requires $regex');
  });

  it('rejects __proto__ field names and over-deep nesting', () => {
    expect(messageFor({ where: JSON.parse('{"__proto__": {"polluted": true}}') as unknown })).toBe('where.__proto__: is not a valid field name');
    let deep: unknown = 1;
    for (let level = 0; level <= MAX_WHERE_DEPTH; level += 1) deep = { a: deep };
    expect(messageFor({ where: deep })).toMatch(/is nested too deeply/);
  });

  it('rejects values JSON cannot carry', () => {
    expect(messageFor({ where: { a: () => true } })).toBe('where.a: must contain only JSON values');
    expect(messageFor({ where: { a: Number.NaN } })).toBe('where.a: must contain only JSON values');
  });
});
