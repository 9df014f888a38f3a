import 'server-only';
import { MAX_DOCUMENT_BYTES } from '@/domain/documents/file';
import { getDb } from '@/server/db';
import { uploadDocument, type DocumentOwner, type DocumentProblem } from '@/server/documents/commands';
import { answering, apiError, apiJson, authenticate, log, mediaType, readLimitedBody, refuse, type ApiErrorCode } from './respond';

/** The multipart body: the document (at most 20 MB) and its few fields and boundaries. */
export const MAX_DOCUMENT_BODY_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;

const FIELDS = ['type', 'language', 'date', 'file'] as const;

function text(form: FormData, name: string): string | null {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

type ProblemAnswer = { status: number; code: ApiErrorCode; message: string };

function problemAnswer(problem: DocumentProblem, owner: DocumentOwner, typeCode: string, locale: string, date: string): ProblemAnswer {
  switch (problem) {
    case 'unknown-owner':
      return 'isin' in owner
        ? { status: 422, code: 'unknown-isin', message: `No share has the ISIN ${owner.isin}.` }
        : { status: 422, code: 'unknown-fund', message: `No fund has the slug ${'fundSlug' in owner ? owner.fundSlug : ''}.` };
    case 'unknown-type':
      return { status: 422, code: 'unknown-type', message: `No document type has the code ${typeCode}.` };
    case 'bad-locale':
      return { status: 422, code: 'bad-language', message: `"${locale}" is not a language of the site (fr, en, es).` };
    case 'bad-date':
      return { status: 422, code: 'bad-date', message: `"${date}" is not a date in the form YYYY-MM-DD.` };
    case 'bad-title':
      return { status: 422, code: 'bad-title', message: 'The title must have 1 to 300 characters.' };
    case 'empty':
      return { status: 422, code: 'empty-file', message: 'The file is empty.' };
    case 'too-large':
      return { status: 413, code: 'too-large', message: `The file is larger than ${MAX_DOCUMENT_BYTES} bytes.` };
    case 'not-pdf':
      return { status: 422, code: 'not-pdf', message: 'The file is not a PDF (checked by its content, not its name).' };
    case 'unknown-country':
      return { status: 422, code: 'unknown-country', message: 'One of the `countries` is not a country of the site (two-letter codes, comma-separated).' };
  }
}

/**
 * POST /api/admin/v1/documents (multipart/form-data): `fund` (a fund's slug) or `isin` (a share
 * class), `type` (a document type code such as KIID), `language` (fr, en, es), `date`
 * (YYYY-MM-DD), `file` (the PDF), and optionally `title` and `countries` (comma-separated codes
 * restricting it to those countries' residents; `countries=` with nothing opens it to every country;
 * absent: as the version it replaces). The document becomes the current version
 * of its slot; the previous one stays in history. The same file, date and title again changes nothing.
 */
export function importDocumentRequest(request: Request): Promise<Response> {
  return answering(request, importDocument);
}

async function importDocument(request: Request): Promise<Response> {
  const caller = await authenticate(request, 'documents');
  if (caller instanceof Response) return caller;
  if (mediaType(request).type !== 'multipart/form-data') {
    return refuse(request, apiError(415, 'unsupported-media-type', 'Send the document as multipart/form-data (curl -F).'));
  }
  const bytes = await readLimitedBody(request, MAX_DOCUMENT_BODY_BYTES);
  if (bytes instanceof Response) return bytes;
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    return apiError(400, 'bad-multipart', 'The multipart body cannot be read.');
  }
  const fund = text(form, 'fund');
  const isin = text(form, 'isin');
  if (fund && isin) return apiError(422, 'ambiguous-owner', 'Give either `fund` or `isin`, not both.');
  const file = form.get('file');
  const missing = [...(fund || isin ? [] : ['fund or isin']), ...FIELDS.filter((name) => (name === 'file' ? !(file instanceof File) : !text(form, name)))];
  if (missing.length > 0 || !(file instanceof File)) {
    return apiError(422, 'missing-field', `Missing field(s): ${missing.join(', ')}.`, { fields: missing });
  }
  const owner: DocumentOwner = isin ? { isin } : { fundSlug: fund ?? '' };
  const typeCode = text(form, 'type') ?? '';
  const locale = text(form, 'language') ?? '';
  const date = text(form, 'date') ?? '';
  const title = form.get('title');
  const countries = form.get('countries');
  const result = await uploadDocument(
    await getDb(),
    {
      owner,
      typeCode,
      locale,
      publishedAt: date,
      ...(typeof title === 'string' ? { title } : {}),
      ...(typeof countries === 'string' ? { countries: countries.split(',').map((c) => c.trim()).filter(Boolean).slice(0, 301) } : {}),
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
    },
    caller.actor,
  );
  if (!result.ok) {
    const answer = problemAnswer(result.error, owner, typeCode, locale, date);
    log.info({ scope: 'documents', tokenId: caller.tokenId, error: answer.code }, 'import API document refused');
    return apiError(answer.status, answer.code, answer.message);
  }
  const outcome = result.changed ? 'changed' : 'unchanged';
  log.info({ scope: 'documents', tokenId: caller.tokenId, outcome, id: result.id }, 'import API document accepted');
  return apiJson(200, { outcome, id: result.id, replacedId: result.replacedId, tagged: result.tagged });
}
