import { parseHouseImageFile } from '@/domain/content/house-images';
import { getDb } from '@/server/db';
import { houseImageResponse } from '@/server/http/house-image-response';
import { houseImageFile } from '@/server/house-images/queries';

export const dynamic = 'force-dynamic';

/**
 * The house's logo, favicon and social image (docs/decisions/062): /brand/{kind}.{hash}.{ext},
 * the stored bytes when the hash and the type are the stored image's, else 404. The proxy leaves
 * this prefix to the route (src/proxy.ts), whose answer carries its own CSP.
 */
async function handle(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const parts = parseHouseImageFile(file);
  const image = parts ? await houseImageFile(await getDb(), parts.kind, parts.hash) : null;
  return houseImageResponse(request, image, parts?.extension ?? '');
}

export { handle as GET, handle as HEAD };
