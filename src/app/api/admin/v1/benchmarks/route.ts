import { importBenchmarksRequest } from '@/server/import-api/csv-imports';

export const dynamic = 'force-dynamic';

/** Import API: a benchmark series pushed by a feed, with a `benchmarks` token (docs/api.md "Import API"). */
export function POST(request: Request): Promise<Response> {
  return importBenchmarksRequest(request);
}
