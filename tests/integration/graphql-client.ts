import { createGraphQLServer } from '../../src/server/graphql/yoga';

/**
 * The execution deadline is generous here: the suite runs on shared, busy machines, and a test must
 * not pass or fail on timing. graphql-limits.int.test.ts tests the deadline itself.
 */
const yoga = createGraphQLServer({ timeoutMs: 15_000 });

export type GraphQLResponse<T> = { status: number; data?: T; errors?: { message: string; extensions?: { code?: string } }[] };

/** Sends a query through the same yoga server that /graphql runs, without an HTTP socket. */
export async function gql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<T>> {
  const response = await yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as Omit<GraphQLResponse<T>, 'status'>;
  return { status: response.status, ...body };
}
