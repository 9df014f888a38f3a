import { trackRequest } from '@/components/behaviours/loading-bar-store';

/** A POST to the same-origin /graphql endpoint (docs/product.md §7), shown by the loading bar; GraphQL errors reject. */
export async function graphqlRequest<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await trackRequest(
    fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  if (!response.ok) throw new Error(response.statusText || `HTTP ${response.status}`);
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) throw new Error(body.errors?.[0]?.message ?? 'Empty response');
  return body.data;
}
