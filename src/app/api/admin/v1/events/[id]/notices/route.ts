import { addNoticeRequest } from '@/server/import-api/events';

export const dynamic = 'force-dynamic';

/** Import API: a notice PDF of a fund event (`?locale=fr&countries=BE,LU`), with an `events` token (docs/api.md "Fund events"). */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return addNoticeRequest(request, (await params).id);
}
