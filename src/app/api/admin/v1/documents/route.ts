import { importDocumentRequest } from '@/server/import-api/documents';

export const dynamic = 'force-dynamic';

/** Import API: a fund or share document (PDF) pushed by a feed, with a `documents` token (docs/api.md "Import API"). */
export function POST(request: Request): Promise<Response> {
  return importDocumentRequest(request);
}
