import 'server-only';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
// An envelop plugin, not a React hook: renamed so the hooks lint rule does not mistake it for one.
import { useResponseCache as responseCachePlugin, type Cache } from '@graphql-yoga/plugin-response-cache';
import { createSchema, createYoga } from 'graphql-yoga';
import { env } from '@/env';
import { authorizationFrom, type GraphQLContext } from './context';
import type { CatalogBounds } from './cost';
import { dateDirectivePlugin, dateTypeDefs, withDateFormats } from './date-directive';
import { createBoundedDocumentCache, createBoundedErrorCache } from './document-cache';
import { graphQLGuardsPlugin, withDeadline } from './guards';
import { introspectionPlugin } from './introspection';
import { MAX_RESPONSE_BYTES } from './limits';
import { graphqlResponseCache } from './response-cache';
import { resolvers } from './resolvers';
import { typeDefs } from './type-defs';

function literal(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.LIST:
      return ast.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literal(f.value)]));
    default:
      return null;
  }
}

const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value (a fund house’s free-form custom data).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literal,
});

// Date fields format their own value when asked (@date): outside the deadline's queue, they read nothing.
export const schema = createSchema<GraphQLContext>({
  typeDefs: [typeDefs, dateTypeDefs],
  resolvers: { ...withDateFormats(withDeadline(resolvers)), JSON: JSONScalar },
});

/**
 * Cached answers are dropped by every publication (src/server/publish), in every process; the TTL
 * only bounds how long one may outlive a lost notification. Keyed by query, variables and the
 * bearer token, if any.
 */
export const RESPONSE_CACHE_TTL_MS = 60_000;

/** Each alias is a separate field: it costs in full, and there may be at most this many. */
export const MAX_ALIASES = 15;

/** 100 KB is far above any query the site sends, and far below what could tire the parser. */
export const MAX_BODY_BYTES = 100_000;

/** Tests set these (a smaller cache, a shorter deadline…); the site uses the defaults and the environment. */
export type GraphQLServerOptions = {
  responseCache?: Cache;
  bounds?: () => Promise<CatalogBounds>;
  maxCost?: number;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** GRAPHQL_INTROSPECTION by default. */
  introspection?: boolean;
};

export function createGraphQLServer(options: GraphQLServerOptions = {}) {
  const config = env();
  return createYoga<GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    fetchAPI: { Response },
    landingPage: false,
    graphiql: false,
    // Same origin only (docs/product.md §7): no Access-Control-Allow-* header, so no other site reads an answer.
    cors: false,
    // One operation per request: a batch would multiply every limit below by its length.
    batching: false,
    // The route refuses bigger bodies first; this holds for any other caller of the server.
    maxRequestBodySize: MAX_BODY_BYTES,
    multipart: false,
    // Parsed queries are reused, within a byte budget (a query at the token limit holds 2 MB parsed).
    parserAndValidationCache: { documentCache: createBoundedDocumentCache(), errorCache: createBoundedErrorCache(), validationCache: true },
    // Unexpected errors become "Unexpected error." outside development; GraphQLErrors (bad input) stay readable.
    maskedErrors: { isDev: config.NODE_ENV === 'development' },
    context: ({ request }) => ({ authorization: authorizationFrom(request.headers) }),
    plugins: [
      // The standard introspection query, answered from its cached result before any limit (static, bounded):
      // or, with GRAPHQL_INTROSPECTION=false, every introspection field refused with a message that says so.
      introspectionPlugin({ enabled: options.introspection ?? config.GRAPHQL_INTROSPECTION, schema }),
      // Before the response cache: its checks come first, and an oversized answer never reaches the cache.
      graphQLGuardsPlugin({
        maxCost: options.maxCost ?? config.GRAPHQL_MAX_COST,
        timeoutMs: options.timeoutMs ?? config.GRAPHQL_TIMEOUT_MS,
        maxResponseBytes: options.maxResponseBytes ?? MAX_RESPONSE_BYTES,
        bounds: options.bounds,
      }),
      responseCachePlugin<GraphQLContext>({
        session: (request) => authorizationFrom(request.headers),
        // Bounded in bytes, and emptied by every publication (src/server/publish): the TTL only bounds staleness.
        cache: options.responseCache ?? graphqlResponseCache,
        ttl: RESPONSE_CACHE_TTL_MS,
        includeExtensionMetadata: false,
      }),
      // @date only on date fields (./date-directive.ts).
      dateDirectivePlugin(),
      EnvelopArmorPlugin({
        // Introspection counts too (but for the standard query, answered above): its self-nesting types are
        // the classic way to build a costly query.
        maxDepth: { n: config.GRAPHQL_MAX_DEPTH, ignoreIntrospection: false },
        // Armor's cost ignores list sizes; the guards above count them, with the variables (./cost.ts).
        costLimit: { enabled: false },
        maxAliases: { n: MAX_ALIASES },
        maxDirectives: { n: 20 },
        maxTokens: { n: 4000 },
        blockFieldSuggestion: { enabled: config.NODE_ENV === 'production' },
      }),
    ],
  });
}
