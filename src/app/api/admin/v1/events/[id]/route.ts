import { deleteEventRequest, updateEventRequest } from '@/server/import-api/events';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ id: string }> };

/** Import API: a fund event's new values (JSON), with an `events` token (docs/api.md "Fund events"). */
export async function PUT(request: Request, { params }: Context): Promise<Response> {
  return updateEventRequest(request, (await params).id);
}

/** Import API: deletes a fund event and its notices. */
export async function DELETE(request: Request, { params }: Context): Promise<Response> {
  return deleteEventRequest(request, (await params).id);
}
