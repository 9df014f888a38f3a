import 'server-only';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';
// An envelop plugin, not a React hook: renamed so the hooks lint rule does not mistake it for one.
import { useResponseCache as responseCachePlugin } from '@graphql-yoga/plugin-response-cache';
import { createSchema, createYoga } from 'graphql-yoga';
import { env } from '@/env';
import { authorizationFrom, type GraphQLContext } from './context';
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

export const schema = createSchema<GraphQLContext>({ typeDefs, resolvers: { ...resolvers, JSON: JSONScalar } });

/**
 * Answers change only when data are imported or reseeded; the fund catalog itself is refreshed
 * at most a minute late across processes (src/server/queries/catalog.ts), so cached responses
 * keep the same promise. Keyed by query, variables and the bearer token, if any.
 */
export const RESPONSE_CACHE_TTL_MS = 60_000;

/** 100 KB is far above any query the site sends, and far below what could tire the parser. */
export const MAX_BODY_BYTES = 100_000;

export function createGraphQLServer() {
  const config = env();
  return createYoga<GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    fetchAPI: { Response },
    landingPage: false,
    graphiql: false,
    // Unexpected errors become "Unexpected error." outside development; GraphQLErrors (bad input) stay readable.
    maskedErrors: { isDev: config.NODE_ENV === 'development' },
    context: ({ request }) => ({ authorization: authorizationFrom(request.headers) }),
    plugins: [
      responseCachePlugin<GraphQLContext>({
        session: (request) => authorizationFrom(request.headers),
        // Emptied by every publication (src/server/publish): the TTL only bounds memory.
        cache: graphqlResponseCache,
        ttl: RESPONSE_CACHE_TTL_MS,
        includeExtensionMetadata: false,
      }),
      EnvelopArmorPlugin({
        // Introspection counts too: its self-nesting types are the classic way to build a costly query.
        maxDepth: { n: config.GRAPHQL_MAX_DEPTH, ignoreIntrospection: false },
        costLimit: { maxCost: config.GRAPHQL_MAX_COST, ignoreIntrospection: true },
        maxAliases: { n: 15 },
        maxDirectives: { n: 20 },
        maxTokens: { n: 4000 },
        blockFieldSuggestion: { enabled: config.NODE_ENV === 'production' },
      }),
    ],
  });
}
