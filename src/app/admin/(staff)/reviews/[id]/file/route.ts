import { proposalFile } from '@/server/approval/service';
import { requireStaffApi } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { privateDownload } from '@/server/http/private-download';

export const dynamic = 'force-dynamic';

/** The PDF of a proposed document, for the staff reviewing it: a download, never cached (it is not public yet). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const staff = await requireStaffApi(request, 'backoffice.read');
  if (staff instanceof Response) return staff;
  const { id } = await params;
  const file = /^\d{1,9}$/.test(id) ? await proposalFile(await getDb(), Number(id)) : null;
  if (!file) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  return privateDownload(file.bytes, file.fileName, 'application/pdf');
}
