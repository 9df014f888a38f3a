import { createGraphQLServer, MAX_BODY_BYTES } from '@/server/graphql/yoga';

export const dynamic = 'force-dynamic';

const yoga = createGraphQLServer();

async function handle(request: Request): Promise<Response> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) {
    return Response.json({ errors: [{ message: `Request body too large (limit ${MAX_BODY_BYTES} bytes).` }] }, { status: 413 });
  }
  return yoga.fetch(request);
}

export { handle as GET, handle as POST };
