import { importNavsRequest } from '@/server/import-api/csv-imports';

export const dynamic = 'force-dynamic';

/** Import API: a NAV file pushed by a feed, with a `navs` token (docs/api.md "Import API"). */
export function POST(request: Request): Promise<Response> {
  return importNavsRequest(request);
}
