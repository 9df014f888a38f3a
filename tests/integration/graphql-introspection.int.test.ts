import { buildClientSchema, getIntrospectionQuery, printSchema, type IntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GET as getSdl } from '../../src/app/graphql/schema.graphql/route';
import { INTROSPECTION_DISABLED_MESSAGE, MAX_INTROSPECTION_BYTES, sdlResponse } from '../../src/server/graphql/introspection';
import { createGraphQLServer, schema } from '../../src/server/graphql/yoga';
import { gql } from './graphql-client';

/** docs/decisions/029: GraphQL tools read the schema; attackers still cannot use introspection to build a costly query. */

function server(introspection: boolean) {
  const yoga = createGraphQLServer({ timeoutMs: 15_000, introspection });
  return async (query: string, operationName?: string) => {
    const response = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, ...(operationName ? { operationName } : {}) }),
    });
    const text = await response.text();
    return { status: response.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) as { data?: IntrospectionQuery; errors?: { message: string; extensions?: { code?: string } }[] } };
  };
}

describe('the standard introspection query', () => {
  it('answers getIntrospectionQuery() with the full schema, outside the depth and cost limits', async () => {
    const res = await gql<IntrospectionQuery>(getIntrospectionQuery());
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    if (!res.data) throw new Error('no data');
    const names = res.data.__schema.types.map((t) => t.name);
    for (const name of ['Query', 'Fund', 'Share', 'Page', 'NewsItem', 'Partner', 'JSON']) expect(names).toContain(name);
    // A schema a tool can rebuild, the same as the server's, directives included.
    const rebuilt = buildClientSchema(res.data);
    expect(rebuilt.getQueryType()?.getFields()).toHaveProperty('funds');
    expect(res.data.__schema.directives.map((d) => d.name)).toContain('date');
  });

  it('answers the variants tools send (GraphiQL, graphql-codegen), however formatted and named', async () => {
    const ask = server(true);
    const variants = [
      getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, schemaDescription: true }),
      getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true }),
      getIntrospectionQuery({ descriptions: false }),
      // Minified, with a comment and another operation name.
      `# codegen\n${getIntrospectionQuery().replace(/\s+/g, ' ').replace('query IntrospectionQuery', 'query Tool')}`,
    ];
    for (const query of variants) {
      const res = await ask(query, query.includes('query Tool') ? 'Tool' : 'IntrospectionQuery');
      expect(res.status, query.slice(0, 60)).toBe(200);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data?.__schema.queryType.name).toBe('Query');
      expect(res.bytes).toBeLessThan(MAX_INTROSPECTION_BYTES);
    }
  });

  it('still refuses other deep or costly queries, introspection ones included', async () => {
    // One level more than the standard query's type references: not the standard query, so the depth limit applies.
    const deeper = getIntrospectionQuery().replace(/ofType \{\s+name\s+kind\s+\}/, 'ofType { name kind ofType { name kind ofType { name kind ofType { name } } } }');
    expect(deeper).not.toBe(getIntrospectionQuery());
    const refusedDeeper = await gql(deeper);
    expect(refusedDeeper.status).toBe(400);
    expect(refusedDeeper).not.toHaveProperty('data');

    const nesting = await gql(`{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }`);
    expect(nesting.status).toBe(400);
    const ofType = (depth: number): string => (depth === 0 ? 'name' : `ofType { ${ofType(depth - 1)} }`);
    const deep = await gql(`{ __type(name: "Fund") { fields { type { ${ofType(10)} } } } }`);
    expect(deep.status).toBe(400);
    expect(deep.errors?.[0]?.message).toMatch(/depth limit/i);

    // The standard query with a costly data query smuggled into it is not the standard query: every limit applies.
    const attack = `fundCategories(locale: "fr") { funds(investorProfile: "INSTIT") { shares(activeOnly: false) { navHistory(maxPoints: 2600) { date value } } } }`;
    const smuggled = await gql(getIntrospectionQuery().replace('__schema {', `${attack} __schema {`));
    expect(smuggled.status).toBe(400);
    expect(smuggled).not.toHaveProperty('data');
    // Nor is the standard query's text in a comment: the data query runs under its limits alone.
    const commented = await gql(`{ a: ${attack} }\n# ${getIntrospectionQuery().replace(/\n/g, ' ')}`);
    expect(commented.status).toBe(400);
    expect(commented.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
  });

  it('is refused with a clear message when GRAPHQL_INTROSPECTION=false, and ordinary queries still run', async () => {
    const ask = server(false);
    for (const query of [getIntrospectionQuery(), '{ __type(name: "Fund") { name } }', '{ company(locale: "fr") { title } __schema { queryType { name } } }']) {
      const res = await ask(query);
      expect(res.status).toBe(403);
      expect(res.body.errors?.[0]?.message).toBe(INTROSPECTION_DISABLED_MESSAGE);
      expect(res.body.errors?.[0]?.extensions?.code).toBe('INTROSPECTION_DISABLED');
      expect(res.body).not.toHaveProperty('data');
    }
    const ordinary = await ask('{ company(locale: "fr") { title __typename } }');
    expect(ordinary.status).toBe(200);
    expect(ordinary.body.errors).toBeUndefined();
    const sdl = await sdlResponse(new Request('http://localhost/graphql/schema.graphql'), schema, false);
    expect(sdl.status).toBe(404);
    expect(await sdl.text()).toContain('GRAPHQL_INTROSPECTION=false');
  });
});

describe('GET /graphql/schema.graphql', () => {
  it('serves the SDL as UTF-8 text, the same schema as introspection, with an ETag', async () => {
    const response = await getSdl(new Request('http://localhost/graphql/schema.graphql'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const sdl = await response.text();
    expect(sdl).toMatch(/^type Query \{/m);
    expect(sdl).toContain('directive @date');
    expect(sdl).toMatch(/type Fund \{[^}]*partners: \[Partner!\]!/);
    const introspected = await gql<IntrospectionQuery>(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true }));
    if (!introspected.data) throw new Error('no data');
    expect(sdl).toBe(`${printSchema(buildClientSchema(introspected.data))}\n`);

    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await getSdl(new Request('http://localhost/graphql/schema.graphql', { headers: { 'if-none-match': etag ?? '' } }));
    expect(again.status).toBe(304);
  });
});
