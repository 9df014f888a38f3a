import { proposalFile } from '@/server/approval/service';
import { requireStaffApi } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { privateDownload } from '@/server/http/private-download';

export const dynamic = 'force-dynamic';

/** The PDF of a proposed document (or one of a batch's), for the staff reviewing it: a download, never cached (it is not public yet). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const staff = await requireStaffApi(request, 'backoffice.read');
  if (staff instanceof Response) return staff;
  const { id } = await params;
  // A batch of documents names one of its files (?n=0, 1…).
  const n = new URL(request.url).searchParams.get('n') ?? '0';
  const file = /^\d{1,9}$/.test(id) && /^\d{1,3}$/.test(n) ? await proposalFile(await getDb(), Number(id), Number(n)) : null;
  if (!file) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  return privateDownload(file.bytes, file.fileName, 'application/pdf');
}
