import { env } from '@/env';
import { sdlResponse } from '@/server/graphql/introspection';
import { schema } from '@/server/graphql/yoga';

export const dynamic = 'force-dynamic';

/** The API's schema in SDL, for tools that read a file (graphql-codegen, Apollo, Postman): docs/decisions/029. */
export function GET(request: Request): Promise<Response> {
  return sdlResponse(request, schema, env().GRAPHQL_INTROSPECTION);
}

export { GET as HEAD };
