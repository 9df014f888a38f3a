import { FINDATEX_VERSION_PARAM, findatexFileName, findatexVersion, parseFindatexFile } from '@/domain/distribution/findatex/files';
import { TEMPLATES } from '@/domain/distribution/findatex/templates';
import { getDb } from '@/server/db';
import { findatexRange, rangeFile } from '@/server/distribution/findatex';
import { findatexResponse } from '@/server/distribution/findatex-file';
import { notFound } from '@/server/http/document-response';
import { audienceFromRequest, routeLocale } from '@/server/http/request-context';

export const dynamic = 'force-dynamic';

type Params = { locale: string; file: string };

/**
 * The FinDatEx file of the whole range the visitor's audience may see (docs/distribution-data.md):
 * /e/{locale}/data/findatex/{emt|ept|eet}.{csv|xlsx}, the EMT's previous version with ?version=4.2.
 * One row per share class whose data keep the template's rules; built once until a publication
 * changes what it shows. A bad language, file or version is a 404.
 */
async function handle(request: Request, { params }: { params: Promise<Params> }): Promise<Response> {
  const { locale: rawLocale, file } = await params;
  const locale = await routeLocale(rawLocale);
  const parsed = parseFindatexFile(file);
  if (!locale || !parsed) return notFound();
  const version = findatexVersion(parsed.template, new URL(request.url).searchParams.get(FINDATEX_VERSION_PARAM));
  if (!version) return notFound();
  const range = await findatexRange(await getDb(), locale, audienceFromRequest(request), version);
  const name = findatexFileName('range', parsed.template, TEMPLATES[version].version.replace(/^V/, ''), parsed.format, range.generatedAt.toISOString().slice(0, 10));
  return findatexResponse(request, await rangeFile(range, parsed.format), parsed.format, name);
}

export { handle as GET, handle as HEAD };
