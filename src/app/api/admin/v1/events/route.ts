import { createEventRequest } from '@/server/import-api/events';

export const dynamic = 'force-dynamic';

/** Import API: a new fund event (JSON), with an `events` token (docs/api.md "Fund events"). */
export function POST(request: Request): Promise<Response> {
  return createEventRequest(request);
}
