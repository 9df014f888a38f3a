import { importDistributionsRequest } from '@/server/import-api/csv-imports';

export const dynamic = 'force-dynamic';

/** Import API: dividends of distributing share classes pushed by the fund administrator's tool, with a `distributions` token (docs/api.md). */
export function POST(request: Request): Promise<Response> {
  return importDistributionsRequest(request);
}
