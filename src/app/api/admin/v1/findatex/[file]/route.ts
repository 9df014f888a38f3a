import { findatexFileName, findatexVersion, parseFindatexFile } from '@/domain/distribution/findatex/files';
import { TEMPLATES } from '@/domain/distribution/findatex/templates';
import { authenticateToken } from '@/server/auth/tokens';
import { getDb } from '@/server/db';
import { findatexRange, rangeFile } from '@/server/distribution/findatex';
import { findatexResponse } from '@/server/distribution/findatex-file';
import { apiError, log } from '@/server/import-api/respond';
import { routeLocale } from '@/server/http/request-context';

export const dynamic = 'force-dynamic';

type Params = { file: string };

/**
 * Import API, read side: a distributor pulls the FinDatEx files of every active share class with a
 * `findatex:read` token (docs/api.md, docs/distribution-data.md): GET /api/admin/v1/findatex/{emt|ept|eet}.{csv|xlsx},
 * `?version=4.2` for the previous EMT, `?language=fr|en|es` for the EPT's narratives (en by default).
 * The same files as the public range file, built from the same cache; a row that breaks its
 * template's rules is left out here too.
 */
export async function GET(request: Request, { params }: { params: Promise<Params> }): Promise<Response> {
  const db = await getDb();
  const auth = await authenticateToken(db, request, 'findatex:read');
  if (auth instanceof Response) return auth;
  const { file } = await params;
  const parsed = parseFindatexFile(file);
  if (!parsed) return apiError(404, 'unknown-type', 'Ask for emt, ept or eet, as .csv or .xlsx.');
  const search = new URL(request.url).searchParams;
  const version = findatexVersion(parsed.template, search.get('version'));
  if (!version) return apiError(404, 'unknown-type', `No such version of the ${parsed.template.toUpperCase()}.`);
  const language = await routeLocale(search.get('language') ?? 'en');
  if (!language) return apiError(400, 'bad-language', 'language must be one of the site’s languages (fr, en, es).');
  const range = await findatexRange(db, language, null, version);
  log.info({ token: auth.tokenId, scope: 'findatex:read', file, version, rows: range.index.size, excluded: range.excluded.length }, 'findatex file pulled');
  const name = findatexFileName('range', parsed.template, TEMPLATES[version].version.replace(/^V/, ''), parsed.format, range.generatedAt.toISOString().slice(0, 10));
  const response = await findatexResponse(request, await rangeFile(range, parsed.format), parsed.format, name);
  response.headers.set('cache-control', 'no-store');
  response.headers.set('x-robots-tag', 'noindex, nofollow');
  return response;
}
