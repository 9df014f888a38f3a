import { importScenariosRequest } from '@/server/import-api/csv-imports';

export const dynamic = 'force-dynamic';

/** Import API: the month's performance scenarios pushed by the KID producer, with a `scenarios` token (docs/api.md "Import API"). */
export function POST(request: Request): Promise<Response> {
  return importScenariosRequest(request);
}
