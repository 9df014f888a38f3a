import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { env } from '../../src/env';
import { CONTENT_BOUNDS, queryCost } from '../../src/server/graphql/cost';
import { catalogBounds } from '../../src/server/graphql/guards';
import { SERIES_MAX_POINTS } from '../../src/server/graphql/limits';
import {
  DISCLAIMER_POPUP_QUERY,
  DISCLAIMER_QUERY,
  LAYOUT_QUERY,
  LAYOUT_VARIABLES,
} from '../../src/graphql/operations';
import { createBoundedResponseCache } from '../../src/server/graphql/response-cache-store';
import { createGraphQLServer, schema, type GraphQLServerOptions } from '../../src/server/graphql/yoga';
import { gql } from './graphql-client';

type Answer = { status: number; headers: Headers; body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] } };

/** A yoga server of its own, with some limits changed, called without an HTTP socket. */
function server(options: GraphQLServerOptions) {
  const yoga = createGraphQLServer({ timeoutMs: 15_000, ...options });
  return async (body: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const response = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Answer['body'] };
  };
}

/** What attackers sent: every share class of every fund with its NAV history, once per alias. */
const attack = (aliases: number, args = '') =>
  `{ ${Array.from({ length: aliases }, (_, i) => `a${i}: fundCategories(locale: "fr") { funds(investorProfile: "INSTIT") { shares(activeOnly: false) { navHistory${args} { date value } } } }`).join(' ')} }`;

/** The queries the site itself sends (operations.ts, and the share-page test's query). */
const SHARE_FIGURES_QUERY = `query($locale: String!, $fund: String!, $slug: String!) { share(locale: $locale, fundSlug: $fund, slug: $slug) {
  fetchedData { code value benchmarkValue displayValue benchmarkDisplayValue dateTo } calendarYears { year value benchmark } } }`;
const SITE_QUERIES: [string, string, Record<string, unknown>][] = [
  ['layout', LAYOUT_QUERY, { ...LAYOUT_VARIABLES, locale: 'fr', investorProfile: 'INSTIT' }],
  ['disclaimer', DISCLAIMER_QUERY, { locale: 'fr' }],
  ['disclaimer popup', DISCLAIMER_POPUP_QUERY, { locale: 'fr' }],
  ['share figures', SHARE_FIGURES_QUERY, { locale: 'fr', fund: 'aurore-actions-europe', slug: 'part-c-eur' }],
];

describe('GraphQL cost limit, with the real catalog', () => {
  it('refuses the attack query with 4 and with 15 aliases before running it', async () => {
    for (const aliases of [1, 4, 15]) {
      const res = await gql(attack(aliases));
      expect(res.status, `${aliases} aliases`).toBe(400);
      expect(res.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
      expect(res.errors?.[0]?.message).toMatch(/^Query cost \d+ is above the limit of \d+/);
      // Refused before execution: no data at all, not even null.
      expect(res).not.toHaveProperty('data');
    }
  });

  it('counts a maxPoints given as a variable', async () => {
    const query = `query($n: Int) { funds(locale: "fr") { shares { navHistory(maxPoints: $n) { date value } } } }`;
    const res = await gql(query, { n: SERIES_MAX_POINTS });
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
  });

  it('refuses a maxPoints above the hard maximum with a clear error, given literally or as a variable', async () => {
    const literal = await gql(`{ funds(locale: "fr") { mainShare { navHistory(maxPoints: 10000) { date } } } }`);
    expect(literal.status).toBe(400);
    expect(literal.errors?.[0]?.message).toBe(`maxPoints must be an integer from 2 to ${SERIES_MAX_POINTS} (got 10000).`);
    expect(literal.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    // Refused before execution even where no share is found and no resolver would run.
    const variable = await gql(`query($n: Int) { shareByIsin(locale: "fr", isinCode: "X") { growth(period: "1y", maxPoints: $n) { from } } }`, { n: 100_000 });
    expect(variable.status).toBe(400);
    expect(variable.errors?.[0]?.message).toMatch(/^maxPoints must be an integer from 10 to 2600/);
  });

  it('serves a series of the default length when maxPoints is not given', async () => {
    const res = await gql<{ funds: { mainShare: { navHistory: unknown[] } | null }[] }>(
      `{ funds(locale: "fr") { slug mainShare { navHistory { date value } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const lengths = res.data?.funds.map((f) => f.mainShare?.navHistory.length ?? 0) ?? [];
    expect(Math.max(...lengths)).toBe(260);
  });

  it('lets every query of the site through, with room to spare', async () => {
    const bounds = await catalogBounds();
    const figures: Record<string, number | null> = {};
    for (const [name, query, variables] of SITE_QUERIES) {
      figures[name] = queryCost(schema, parse(query), undefined, variables, bounds);
      expect(figures[name], name).toBeLessThanOrEqual(env().GRAPHQL_MAX_COST / 2);
      const res = await gql(query, variables);
      expect(res.errors?.map((e) => e.extensions?.code) ?? [], name).not.toContain('QUERY_TOO_COSTLY');
      expect(res.status, name).toBe(200);
    }
    expect(figures.layout).toBeGreaterThan(figures['disclaimer popup'] ?? Infinity);
  });

  it('assumes content lists at least as long as the seeded site’s', async () => {
    const res = await gql<{
      pages: { components: { texts: unknown[] }[] }[];
      countries: { languages: unknown[] }[];
      company: { infos: unknown[]; keyFigures: unknown[] };
      newsCategories: unknown[];
    }>(`{ pages(locale: "fr") { components { texts { code } } } countries(locale: "fr") { languages { locale } }
          company(locale: "fr") { infos { code } keyFigures { code } } newsCategories(locale: "fr") { code } }`);
    const d = res.data;
    if (!d) throw new Error(JSON.stringify(res.errors));
    expect(d.pages.length).toBeLessThanOrEqual(CONTENT_BOUNDS.pages);
    expect(Math.max(...d.pages.map((p) => p.components.length))).toBeLessThanOrEqual(CONTENT_BOUNDS.componentsPerPage);
    expect(Math.max(...d.pages.flatMap((p) => p.components.map((c) => c.texts.length)))).toBeLessThanOrEqual(CONTENT_BOUNDS.textsPerComponent);
    expect(d.countries.length).toBeLessThanOrEqual(CONTENT_BOUNDS.countries);
    expect(d.company.infos.length).toBeLessThanOrEqual(CONTENT_BOUNDS.companyInfos);
    expect(d.company.keyFigures.length).toBeLessThanOrEqual(CONTENT_BOUNDS.keyFigures);
    expect(d.newsCategories.length).toBeLessThanOrEqual(CONTENT_BOUNDS.newsCategories);
  });
});

describe('GraphQL shape limits', () => {
  it('refuses a deep query', async () => {
    const ok = `{ fundCategories(locale: "fr") { funds { shares { documents { documentType { code } } } } } }`;
    expect((await gql(ok)).errors).toBeUndefined();
    // The schema's own types nest at most 5 levels; type references nest as deep as one likes.
    const ofType = (depth: number): string => (depth === 0 ? 'name' : `ofType { ${ofType(depth - 1)} }`);
    const res = await gql(`{ __type(name: "Fund") { fields { type { ${ofType(10)} } } } }`);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.message).toMatch(/depth limit/i);
    expect(res).not.toHaveProperty('data');
  });

  it('refuses wide introspection by cost (nesting is refused by graphql-js’s introspection depth rule)', async () => {
    const nesting = await gql(`{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }`);
    expect(nesting.status).toBe(400);
    expect(nesting.errors?.[0]?.message).toBe('Maximum introspection depth exceeded');
    const one = '__schema { types { name fields { name args { name type { name } } type { name ofType { name } } } } }';
    expect((await gql(`{ ${one} }`)).errors).toBeUndefined();
    const wide = await gql(`{ ${Array.from({ length: 15 }, (_, i) => `s${i}: ${one}`).join(' ')} }`);
    expect(wide.status).toBe(400);
    expect(wide.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
  });

  it('refuses more than 15 aliases', async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: company(locale: "fr") { title }`).join(' ')} }`;
    expect((await gql(aliases(15))).errors).toBeUndefined();
    const res = await gql(aliases(16));
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.message).toMatch(/alias/i);
  });

  it('refuses a document of more than 4,000 tokens, and an unparsable one, with a 400', async () => {
    const long = await gql(`{ ${'company(locale: "fr") { title } '.repeat(600)} }`);
    expect(long.status).toBe(400);
    expect(long.errors?.[0]?.message).toMatch(/token limit/i);
    expect((await gql('{ company(locale: "fr") { title }')).status).toBe(400);
  });

  it('refuses a batch (an array body)', async () => {
    const send = server({});
    const res = await send([{ query: '{ company(locale: "fr") { title } }' }, { query: '{ company(locale: "en") { title } }' }]);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.message).toBe('Batching is not supported.');
  });
});

describe('GraphQL execution limits', () => {
  it('stops an execution that outlasts its deadline, with an error and no data', async () => {
    // Under the cost limit, but a few dozen NAV histories take longer than 5 ms on any machine.
    const send = server({ timeoutMs: 5, maxCost: 10_000_000 });
    const res = await send({ query: attack(1) });
    expect(res.status).toBe(503);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('TIMEOUT');
    expect(res.body.errors?.[0]?.message).toBe('The query took longer than 5 ms and was stopped: ask for less.');
    expect(res.body).not.toHaveProperty('data');
  });

  it('answers an error instead of an answer above the size cap, and does not cache it', async () => {
    const cache = createBoundedResponseCache({ maxBytes: 1_000_000, maxEntryBytes: 500_000 });
    const send = server({ maxResponseBytes: 20_000, responseCache: cache });
    const res = await send({ query: LAYOUT_QUERY, variables: { ...LAYOUT_VARIABLES, locale: 'fr' } });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('RESPONSE_TOO_LARGE');
    expect(res.body.errors?.[0]?.message).toMatch(/^The answer \(\d+ bytes\) is above the limit of 20000 bytes/);
    expect(cache.size).toBe(0);
  });
});

describe('GraphQL response cache', () => {
  it('keeps answers within its byte budget and never one above the entry limit', async () => {
    const cache = createBoundedResponseCache({ maxBytes: 3_000, maxEntryBytes: 20_000 });
    const send = server({ responseCache: cache });
    const layout = await send({ query: LAYOUT_QUERY, variables: { ...LAYOUT_VARIABLES, locale: 'fr' } });
    expect(layout.status).toBe(200);
    expect(cache.size).toBe(0); // the layout answer (~70 KB) is above the entry limit

    const first = await send({ query: '{ company(locale: "fr") { title baseline } }' });
    expect(first.status).toBe(200);
    expect(cache.size).toBe(1);
    const again = await send({ query: '{ company(locale: "fr") { title baseline } }' });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));

    // Many distinct small answers: the oldest go, the total stays within the budget.
    for (let i = 1; i <= 15; i++) {
      const aliases = Array.from({ length: i }, (_, k) => `t${k}: company(locale: "en") { title }`).join(' ');
      expect((await send({ query: `{ ${aliases} }` })).status).toBe(200);
      expect(cache.bytes).toBeLessThanOrEqual(3_000);
    }
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(16);
  });
});

describe('GraphQL CORS', () => {
  it('gives another origin no Access-Control-Allow-Origin, on a request or a preflight', async () => {
    const send = server({});
    const res = await send({ query: '{ company(locale: "fr") { title } }' }, { origin: 'https://evil.example', cookie: 'apollo-token=abc' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const yoga = createGraphQLServer();
    const preflight = await yoga.fetch('http://localhost/graphql', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });
});
