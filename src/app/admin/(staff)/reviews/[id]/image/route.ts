import { sniffImageType } from '@/domain/content/house-images';
import { proposalFile } from '@/server/approval/service';
import { requireStaffApi } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { HOUSE_IMAGE_HEADERS } from '@/server/http/security-headers';

export const dynamic = 'force-dynamic';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/**
 * A proposed house image (`company.image`), shown on its review screen to the staff reviewing it:
 * the checked bytes kept with the proposal (an SVG already sanitised), typed from those bytes,
 * with the images' own headers, never cached (it is not public yet).
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const staff = await requireStaffApi(request, 'backoffice.read');
  if (staff instanceof Response) return staff;
  const { id } = await params;
  const file = /^\d{1,9}$/.test(id) ? await proposalFile(await getDb(), Number(id)) : null;
  const type = file ? sniffImageType(file.bytes) : null;
  if (!file || !type) return notFound();
  return new Response(Buffer.from(file.bytes), {
    status: 200,
    headers: { ...HOUSE_IMAGE_HEADERS, 'content-type': type, 'content-length': String(file.bytes.byteLength), 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex, nofollow' },
  });
}
