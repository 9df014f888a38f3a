import { isDocumentTypeCode } from '@/domain/catalog';
import { parseIsin } from '@/domain/funds/isin';
import { documentResponse, notFound } from '@/server/http/document-response';
import { audienceFromRequest, routeLocale } from '@/server/http/request-context';
import { parseVersionId } from '@/domain/documents/library';
import { findArchivedDocument } from '@/server/documents/library-queries';
import { findFundDocument, findShareDocument } from '@/server/documents/queries';
import { NOTICE_DOCUMENT_SEGMENT, parseNoticeDocumentId } from '@/domain/events/notices';
import { findNoticeDocument } from '@/server/events/queries';

export const dynamic = 'force-dynamic';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

type Params = { locale: string; fundSlug: string; rest: string[] };

/**
 * docs/product.md §2: /e/{locale}/docs/funds/{fundSlug}/{documentTypeCode} and
 * /e/{locale}/docs/funds/{fundSlug}/{isinCode}/{documentTypeCode}, and an archived version (a superseded KID
 * or prospectus, docs/decisions/032) at either address followed by /v/{id}, and a fund event's notice PDF
 * at /e/{locale}/docs/funds/{fundSlug}/notices/{id} (issue 34). Anything else, or a document the
 * visitor's profile may not see, is a 404.
 */
async function handle(request: Request, { params }: { params: Promise<Params> }): Promise<Response> {
  const { locale: rawLocale, fundSlug, rest: path } = await params;
  const locale = await routeLocale(rawLocale);
  const versioned = path.length >= 3 && path.at(-2) === 'v';
  if (versioned) return archived(request, locale, fundSlug, path);
  if (path.length === 2 && path[0] === NOTICE_DOCUMENT_SEGMENT) return notice(request, locale, fundSlug, path[1]);
  const rest = path;
  const typeCode = rest.at(-1) ?? '';
  if (!locale || !SLUG.test(fundSlug) || !isDocumentTypeCode(typeCode) || rest.length > 2) return notFound();
  const audience = audienceFromRequest(request);
  const caching = { fundSlug, audience, versioned: false };
  if (rest.length === 1) {
    const doc = await findFundDocument(locale, fundSlug, typeCode, audience);
    return doc ? documentResponse(request, doc, caching) : notFound();
  }
  const isin = parseIsin(rest[0]);
  if (!isin || isin !== rest[0]) return notFound();
  const doc = await findShareDocument(locale, fundSlug, isin, typeCode, audience);
  return doc ? documentResponse(request, doc, caching) : notFound();
}

/** A notice PDF, cached like a current document: a withdrawal or a registration change purges the fund's and the audience's tags. */
async function notice(request: Request, locale: Awaited<ReturnType<typeof routeLocale>>, fundSlug: string, rawId: string | undefined): Promise<Response> {
  const id = parseNoticeDocumentId(rawId);
  if (!locale || id === null || !SLUG.test(fundSlug)) return notFound();
  const audience = audienceFromRequest(request);
  const doc = await findNoticeDocument(locale, audience, fundSlug, id);
  return doc ? documentResponse(request, doc, { fundSlug, audience, versioned: false }) : notFound();
}

async function archived(request: Request, locale: Awaited<ReturnType<typeof routeLocale>>, fundSlug: string, path: string[]): Promise<Response> {
  const id = parseVersionId(path.at(-1));
  const rest = path.slice(0, -2);
  const typeCode = rest.at(-1) ?? '';
  if (!locale || id === null || !SLUG.test(fundSlug) || !isDocumentTypeCode(typeCode) || rest.length > 2) return notFound();
  const isin = rest.length === 2 ? parseIsin(rest[0]) : null;
  if (rest.length === 2 && (!isin || isin !== rest[0])) return notFound();
  const audience = audienceFromRequest(request);
  const doc = await findArchivedDocument(locale, fundSlug, isin, typeCode, id, audience);
  return doc ? documentResponse(request, doc, { fundSlug, audience, versioned: true }) : notFound();
}

export { handle as GET, handle as HEAD };
