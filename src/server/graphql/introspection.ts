import 'server-only';
import { createHash } from 'node:crypto';
import {
  buildClientSchema,
  getIntrospectionQuery,
  Kind,
  parse,
  print,
  printSchema,
  visit,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type ExecutionResult,
  type GraphQLSchema,
  type IntrospectionOptions,
  type IntrospectionQuery,
  type ValidationContext,
} from 'graphql';
import { createGraphQLError, createYoga, type Plugin } from 'graphql-yoga';

/**
 * GraphQL for tools (docs/decisions/029). The schema is static, so the standard introspection
 * query (graphql-js's getIntrospectionQuery(), with any of its options: what GraphiQL, Postman and
 * graphql-codegen send) is answered from a result computed once per variant, before parsing,
 * validation, the depth and cost limits and the database: it costs one parse and a map lookup. Any other
 * introspection query goes through every limit like any query (its self-nesting types are the
 * classic way to build a costly one). The SDL is published at /graphql/schema.graphql.
 *
 * GRAPHQL_INTROSPECTION=false refuses both, with an error that says so.
 */

/** The largest introspection answer served: this site's is 69 KB (74 KB with every option). */
export const MAX_INTROSPECTION_BYTES = 1_000_000;
/** Variants kept: one per option set a tool sends; 2^7 exist, a handful are used. */
const MAX_CACHED_VARIANTS = 16;
/** The standard query is 163 tokens, 1.9 KB (more with its options): anything far bigger cannot be it. */
const MAX_STANDARD_QUERY_BYTES = 8_000;
const MAX_STANDARD_QUERY_TOKENS = 1_000;

export const INTROSPECTION_DISABLED_MESSAGE =
  'Introspection is turned off on this server (GRAPHQL_INTROSPECTION=false), and so is /graphql/schema.graphql: ask the site’s operator for the schema.';

const OPTION_NAMES = ['descriptions', 'specifiedByUrl', 'directiveIsRepeatable', 'schemaDescription', 'inputValueDeprecation', 'experimentalDirectiveDeprecation', 'oneOf'] as const;

/** A document as compared: printed (whitespace, commas and comments gone), without its operation's name. */
function normalized(document: DocumentNode): string {
  return print({
    ...document,
    definitions: document.definitions.map((d) => (d.kind === Kind.OPERATION_DEFINITION ? { ...d, name: undefined } : d)),
  });
}

let standard: Map<string, IntrospectionOptions> | undefined;
/** Every variant of the standard query (each option on or off), normalized: computed once, on first use. */
function standardQueries(): Map<string, IntrospectionOptions> {
  if (standard) return standard;
  standard = new Map();
  for (let mask = 0; mask < 2 ** OPTION_NAMES.length; mask += 1) {
    const options = Object.fromEntries(OPTION_NAMES.map((name, i) => [name, (mask & (1 << i)) !== 0])) as IntrospectionOptions;
    standard.set(normalized(parse(getIntrospectionQuery(options))), options);
  }
  return standard;
}

/** The options of the standard introspection query this text is, or null when it is not one. */
export function standardIntrospectionOptions(query: unknown): IntrospectionOptions | null {
  if (typeof query !== 'string' || query.length > MAX_STANDARD_QUERY_BYTES || !query.includes('__schema')) return null;
  let document: DocumentNode;
  try {
    document = parse(query, { noLocation: true, maxTokens: MAX_STANDARD_QUERY_TOKENS });
  } catch {
    return null;
  }
  return standardQueries().get(normalized(document)) ?? null;
}

type Answer = { result: ExecutionResult; bytes: number };
type Answers = { yoga: ReturnType<typeof createYoga>; byOptions: Map<string, Promise<Answer>> };
const answersBySchema = new WeakMap<GraphQLSchema, Answers>();

/**
 * The answer to one variant, computed once against the schema alone (introspection reads no data)
 * by a bare yoga of its own: the same graphql-js copy that built the schema executes it (under
 * vitest the schema's copy is graphql's CommonJS build, this module's its ES build).
 */
export function introspectionAnswer(schema: GraphQLSchema, options: IntrospectionOptions): Promise<Answer> {
  let cache = answersBySchema.get(schema);
  if (!cache) {
    cache = { yoga: createYoga({ schema, graphqlEndpoint: '/graphql', landingPage: false, graphiql: false, cors: false, batching: false, logging: false }), byOptions: new Map() };
    answersBySchema.set(schema, cache);
  }
  const key = JSON.stringify(options);
  const known = cache.byOptions.get(key);
  if (known) return known;
  const yoga = cache.yoga;
  const computed = (async (): Promise<Answer> => {
    const response = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: getIntrospectionQuery(options) }),
    });
    const result = (await response.json()) as ExecutionResult;
    if (response.status !== 200 || result.errors?.length || !result.data) {
      throw new Error(`The introspection query failed on this schema: ${result.errors?.[0]?.message ?? response.status}`);
    }
    const bytes = Buffer.byteLength(JSON.stringify(result));
    if (bytes > MAX_INTROSPECTION_BYTES) throw new Error(`The introspection answer (${bytes} bytes) is above ${MAX_INTROSPECTION_BYTES} bytes.`);
    return { result: { data: result.data }, bytes };
  })();
  computed.catch(() => cache.byOptions.delete(key));
  if (cache.byOptions.size >= MAX_CACHED_VARIANTS) cache.byOptions.delete(cache.byOptions.keys().next().value as string);
  cache.byOptions.set(key, computed);
  return computed;
}

const disabledError = (nodes?: readonly FieldNode[]) =>
  createGraphQLError(INTROSPECTION_DISABLED_MESSAGE, { nodes, extensions: { code: 'INTROSPECTION_DISABLED', http: { status: 403 } } });

const isIntrospectionField = (name: string) => name === '__schema' || name === '__type';

/** Whether a query selects __schema or __type anywhere (a query that does not parse is left to yoga's own error). */
function asksIntrospection(query: unknown): boolean {
  if (typeof query !== 'string' || !/__(?:schema|type)\b/.test(query)) return false;
  let found = false;
  try {
    visit(parse(query, { noLocation: true, maxTokens: 4_000 }), {
      Field(node) {
        if (isIntrospectionField(node.name.value)) found = true;
      },
    });
  } catch {
    return false;
  }
  return found;
}

/** Refuses any introspection field when introspection is off (a validation rule: after parsing, whatever the spelling). */
function noIntrospectionRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      if (isIntrospectionField(node.name.value)) context.reportError(disabledError([node]));
    },
  };
}

/**
 * The standard introspection query answered from its cached result (before any limit: it is
 * static and its size is bounded), or, when introspection is off, every introspection field refused.
 */
export function introspectionPlugin(options: { enabled: boolean; schema: GraphQLSchema }): Plugin {
  return {
    async onParams({ params, setResult }) {
      if (!options.enabled) {
        // Refused here with its own message, before the depth limit could refuse it for another reason.
        if (asksIntrospection(params.query)) setResult({ errors: [disabledError()] });
        return;
      }
      const variant = standardIntrospectionOptions(params.query);
      if (variant) setResult({ ...(await introspectionAnswer(options.schema, variant)).result });
    },
    onValidate({ addValidationRule }) {
      if (!options.enabled) addValidationRule(noIntrospectionRule);
    },
  };
}

/** Everything a tool may ask of the schema: the SDL is printed from this answer. */
const FULL: IntrospectionOptions = { descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true };

const sdlBySchema = new WeakMap<GraphQLSchema, Promise<{ text: string; etag: string }>>();
/** The schema in SDL, printed from its full introspection (plain data, so no graphql-js copy is mixed), with its ETag: computed once. */
export function schemaSdl(schema: GraphQLSchema): Promise<{ text: string; etag: string }> {
  let sdl = sdlBySchema.get(schema);
  if (!sdl) {
    sdl = introspectionAnswer(schema, FULL).then(({ result }) => {
      const text = `${printSchema(buildClientSchema(result.data as unknown as IntrospectionQuery))}\n`;
      return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
    });
    sdl.catch(() => sdlBySchema.delete(schema));
    sdlBySchema.set(schema, sdl);
  }
  return sdl;
}

/** GET /graphql/schema.graphql: the SDL as text (UTF-8), cacheable, or 404 with the reason when introspection is off. */
export async function sdlResponse(request: Request, schema: GraphQLSchema, enabled: boolean): Promise<Response> {
  if (!enabled) return new Response(`${INTROSPECTION_DISABLED_MESSAGE}\n`, { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const { text, etag } = await schemaSdl(schema);
  const headers = {
    'content-type': 'text/plain; charset=utf-8',
    'content-disposition': 'inline; filename="schema.graphql"',
    'cache-control': 'public, max-age=300',
    etag,
    'x-content-type-options': 'nosniff',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : text, { status: 200, headers });
}
