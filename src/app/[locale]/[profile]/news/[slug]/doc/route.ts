import { parseAudienceSegment } from '@/domain/registrations/audience';
import { documentResponse, notFound } from '@/server/http/document-response';
import { routeLocale } from '@/server/http/request-context';
import { findNewsDocument } from '@/server/documents/queries';

export const dynamic = 'force-dynamic';

/** docs/product.md §2: a news item with documents links to /news/{slug}/doc, which serves its document. */
export async function GET(request: Request, { params }: { params: Promise<{ locale: string; profile: string; slug: string }> }) {
  const { locale: rawLocale, profile, slug } = await params;
  const locale = await routeLocale(rawLocale);
  const audience = parseAudienceSegment(profile);
  if (!locale || !audience || slug.length > 200) return notFound();
  const doc = await findNewsDocument(locale, slug, audience);
  return doc ? documentResponse(request, doc) : notFound();
}
