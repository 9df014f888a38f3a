import { requireStaffApi } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { privateDownload } from '@/server/http/private-download';
import { getAttachment } from '@/server/inbox/queries';

export const dynamic = 'force-dynamic';

/** A file a visitor sent (a CV, a cover letter): for staff who may read submissions, as a download only. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string; fileId: string }> }) {
  const staff = await requireStaffApi(request, 'submissions.read');
  if (staff instanceof Response) return staff;
  const { id, fileId } = await params;
  const file = /^\d{1,9}$/.test(fileId) ? await getAttachment(await getDb(), id, Number(fileId)) : null;
  if (!file) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  return privateDownload(file.data, file.fileName);
}
