import { buildSchema, getNullableType, isListType, isObjectType, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { LIST_SIZES, queryCost, type CatalogBounds } from './cost';
import { SERIES_DEFAULT_POINTS, SERIES_MAX_POINTS } from './limits';
import { LAYOUT_QUERY, LAYOUT_VARIABLES } from '@/graphql/operations';
import { typeDefs } from './type-defs';

const schema = buildSchema(typeDefs);
const bounds: CatalogBounds = { categories: 4, fundsPerCategory: 4, funds: 9, sharesPerFund: 4, documentTypes: 10, eligibilitiesPerFund: 3 };
const cost = (query: string, variables: Record<string, unknown> = {}, b = bounds) => queryCost(schema, parse(query), undefined, variables, b);

/** The query attackers sent: every share class of every fund with its whole NAV history, once per alias. */
const attack = (aliases: number, args = '') =>
  `{ ${Array.from({ length: aliases }, (_, i) => `a${i}: fundCategories(locale: "fr") { funds(investorProfile: "INSTIT") { shares(activeOnly: false) { navHistory${args} { date value } } } }`).join(' ')} }`;

describe('the query cost', () => {
  it('knows the size of every list field of the schema', () => {
    const lists = Object.values(schema.getTypeMap())
      .filter(isObjectType)
      .filter((type) => !type.name.startsWith('__'))
      .flatMap((type) => Object.values(type.getFields()).map((field) => ({ type: type.name, field })))
      .filter(({ field }) => isListType(getNullableType(field.type)))
      .map(({ type, field }) => `${type}.${field.name}`);
    expect(lists.filter((coordinate) => !(coordinate in LIST_SIZES))).toEqual([]);
    expect(Object.keys(LIST_SIZES).filter((coordinate) => !lists.includes(coordinate))).toEqual([]);
  });

  it('multiplies what a list selects by its size, level by level', () => {
    // 4 categories × (1 + 4 funds per category × (1 + 1 slug)) = 4 × 9
    expect(cost('{ fundCategories(locale: "fr") { funds { slug } } }')).toBe(4 * (1 + 4 * 2));
    expect(cost('{ fundCategories(locale: "fr") { funds { slug } } }', {}, { ...bounds, fundsPerCategory: 8 })).toBe(4 * (1 + 8 * 2));
    expect(cost('{ company(locale: "fr") { title } }')).toBe(2);
  });

  it('counts a cost illustration as its longest holding period and a target market as its most statements', () => {
    // share 1 + costs (1 + illustration (1 + 50 years × (1 + total))) + targetMarket (1 + 19 statements × (1 + key))
    expect(cost('{ share(locale: "fr", fundSlug: "f", slug: "s") { costs { illustration { years { total } } } targetMarket { statements { key } } } }')).toBe(
      1 + (1 + (1 + 50 * 2)) + (1 + 19 * 2),
    );
  });

  it('counts each alias in full', () => {
    const one = cost(attack(1)) ?? 0;
    expect(cost(attack(4))).toBe(4 * one);
    expect(cost(attack(15))).toBe(15 * one);
  });

  it('sizes a series by its maxPoints, default or given, literal or variable', () => {
    const series = (points: number) => cost(`{ share(locale: "fr", fundSlug: "f", slug: "s") { navHistory(maxPoints: ${points}) { date value } } }`);
    expect(cost('{ share(locale: "fr", fundSlug: "f", slug: "s") { navHistory { date value } } }')).toBe(series(SERIES_DEFAULT_POINTS));
    expect((series(2_000) ?? 0) - (series(1_000) ?? 0)).toBe(1_000 * 3);
    const withVariable = 'query($n: Int) { share(locale: "fr", fundSlug: "f", slug: "s") { navHistory(maxPoints: $n) { date value } } }';
    expect(cost(withVariable, { n: 2_000 })).toBe(series(2_000));
    expect(cost(withVariable)).toBe(series(SERIES_DEFAULT_POINTS));
  });

  it('refuses a series above its hard maximum before anything runs', () => {
    expect(() => cost(attack(1, `(maxPoints: ${SERIES_MAX_POINTS + 1})`))).toThrow(`maxPoints must be an integer from 2 to ${SERIES_MAX_POINTS}`);
    expect(() => cost('query($n: Int) { share(locale: "fr", fundSlug: "f", slug: "s") { navHistory(maxPoints: $n) { date } } }', { n: 10_000 })).toThrow(/maxPoints/);
    expect(() => cost('{ share(locale: "fr", fundSlug: "f", slug: "s") { growth(period: "1y", maxPoints: 100000) { share { date } } } }')).toThrow(/maxPoints/);
  });

  it('sizes both growth series by the growth field’s maxPoints, also through a fragment', () => {
    const growth = (points: number) =>
      cost(`{ share(locale: "fr", fundSlug: "f", slug: "s") { growth(period: "1y", maxPoints: ${points}) { share { date value } benchmark { date value } } } }`) ?? 0;
    expect(growth(1_000) - growth(500)).toBe(2 * 500 * 3);
    const viaFragment = cost(`
      { share(locale: "fr", fundSlug: "f", slug: "s") { small: growth(period: "1y", maxPoints: 10) { ...G } big: growth(period: "1y", maxPoints: 2600) { ...G } } }
      fragment G on Growth { share { date value } benchmark { date value } }`);
    expect(viaFragment).toBe(growth(10) + growth(2_600) - 1);
  });

  // Walked naively, 2^29 spreads would outlast the test's timeout.
  it('counts fragments wherever they are spread, in time linear in the document', () => {
    const spreads = 30;
    const fragments = Array.from({ length: spreads }, (_, i) =>
      i === 0 ? 'fragment F0 on Company { title }' : `fragment F${i} on Company { ...F${i - 1} ...F${i - 1} }`,
    ).join('\n');
    const total = cost(`{ company(locale: "fr") { ...F${spreads - 1} } } ${fragments}`) ?? 0;
    expect(total).toBe(1 + 2 ** (spreads - 1));
  });

  it('sizes introspection lists by the schema, so types in fields in types add up', () => {
    const shallow = cost('{ __schema { types { name } } }') ?? 0;
    const nested = cost('{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }') ?? 0;
    expect(shallow).toBe(1 + Object.keys(schema.getTypeMap()).length * 2);
    expect(nested).toBeGreaterThan(1_000_000);
  });

  it('costs the site’s layout query far below the attack, whatever the variables', () => {
    const layout = cost(LAYOUT_QUERY, { ...LAYOUT_VARIABLES, locale: 'fr', investorProfile: 'INSTIT' }) ?? 0;
    expect(layout).toBeGreaterThan(0);
    expect(cost(attack(1))).toBeGreaterThan(3 * layout);
    // Fund documents asked for by type: at most one per type asked.
    const docs = (types: string) => cost(`{ funds(locale: "fr") { documents${types} { url } } }`) ?? 0;
    expect(docs('(types: ["KIID", "PROSPECTUS"])')).toBe(bounds.funds * (1 + 2 * 2));
    expect(docs('')).toBe(bounds.funds * (1 + bounds.documentTypes * 2));
  });

  it('leaves invalid documents to validation and execution', () => {
    expect(cost('query A { company(locale: "fr") { title } } query B { company(locale: "fr") { title } }')).toBeNull();
    expect(cost('{ company(locale: "fr") { title nope } }')).toBe(3);
  });
});
