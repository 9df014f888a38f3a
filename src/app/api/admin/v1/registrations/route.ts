import { importRegistrationsRequest } from '@/server/import-api/csv-imports';

export const dynamic = 'force-dynamic';

/** Import API: the registration matrix pushed by the distribution team's tool, with a `registrations` token (docs/registrations.md). */
export function POST(request: Request): Promise<Response> {
  return importRegistrationsRequest(request);
}
