import 'server-only';
import type { TokenScope } from '@/domain/staff/roles';
import type { CsvError } from '@/domain/csv/import';
import type { Actor } from '@/server/audit/record';
import { authenticateToken } from '@/server/auth/tokens';
import { getDb } from '@/server/db';
import { READ_BODY_STATUS, readBody, type ReadBodyFailure } from '@/server/http/read-body';
import { JSON_API_HEADERS } from '@/server/http/security-headers';
import { areaLogger } from '@/server/log/logger';

export const log = areaLogger('import-api');

/**
 * The headers of every import-API answer. These routes bypass src/proxy.ts (docs/decisions/018),
 * so they carry the back-office's no-store and noindex themselves; a JSON answer needs no script.
 */
const API_HEADERS: Readonly<Record<string, string>> = {
  ...JSON_API_HEADERS,
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
};

/** At most this many bad lines are listed in one answer (`errorCount` gives them all). */
export const MAX_LISTED_ERRORS = 1000;

/** A whole body (up to 20 MB) may take this long to arrive; the token is checked before it is read. */
export const BODY_TIMEOUT_MS = 120_000;

export type ApiErrorCode =
  | 'internal-error'
  | 'unauthenticated'
  | 'forbidden'
  | 'unsupported-media-type'
  | 'too-large'
  | 'timeout'
  | 'unreadable'
  | 'not-utf8'
  | 'invalid-file'
  | 'bad-multipart'
  | 'missing-field'
  | 'ambiguous-owner'
  | 'unknown-fund'
  | 'unknown-isin'
  | 'unknown-type'
  | 'bad-language'
  | 'bad-date'
  | 'bad-title'
  | 'empty-file'
  | 'not-pdf'
  | 'unknown-country';

export function apiJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...API_HEADERS, ...headers } });
}

export function apiError(status: number, code: ApiErrorCode, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return apiJson(status, { error: { code, message }, ...extra }, headers);
}

/** 422 for a file with bad rows: every bad line (the first MAX_LISTED_ERRORS), nothing written. */
export function rowErrors(errors: readonly CsvError[]): Response {
  const listed = errors.slice(0, MAX_LISTED_ERRORS).map(({ line, code, message }) => ({ line, code, message }));
  const lines = errors.length === 1 ? '1 line is' : `${errors.length} lines are`;
  return apiError(422, 'invalid-file', `${lines} invalid: nothing was written.`, { errorCount: errors.length, errors: listed });
}

const READ_FAILURE_MESSAGES: Record<ReadBodyFailure, (maxBytes: number) => string> = {
  tooLarge: (maxBytes) => `The body is larger than ${maxBytes} bytes.`,
  timeout: () => `The body did not arrive within ${BODY_TIMEOUT_MS / 1000} s.`,
  unreadable: () => 'The body could not be read.',
};
const READ_FAILURE_CODES: Record<ReadBodyFailure, ApiErrorCode> = { tooLarge: 'too-large', timeout: 'timeout', unreadable: 'unreadable' };

/** The body, counted while it arrives: 413 past `maxBytes` (declared or sent, chunked or not), 408 when too slow. */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | Response> {
  const read = await readBody(request, { maxBytes, timeoutMs: BODY_TIMEOUT_MS });
  if (read.ok) return read.bytes;
  return apiError(READ_BODY_STATUS[read.failure], READ_FAILURE_CODES[read.failure], READ_FAILURE_MESSAGES[read.failure](maxBytes));
}

/** The media type of a Content-Type header, lower-cased, and its charset if any. */
export function mediaType(request: Request): { type: string; charset: string | null } {
  const [type = '', ...params] = (request.headers.get('content-type') ?? '').split(';');
  const charset = params
    .map((p) => p.trim().split('='))
    .find(([name]) => name?.trim().toLowerCase() === 'charset')?.[1]
    ?.trim()
    .replace(/^"|"$/g, '')
    .toLowerCase();
  return { type: type.trim().toLowerCase(), charset: charset ?? null };
}

/** An answer sent before the body is read: drop the body rather than leave it pending. */
export async function refuse(request: Request, response: Response): Promise<Response> {
  await request.body?.cancel().catch(() => undefined);
  return response;
}

export type Caller = { actor: Actor; tokenId: string };

/**
 * The token check of every import route, BEFORE the body is read: only `Authorization: Bearer`
 * counts (a staff session cookie never authenticates these routes, so they need no CSRF check).
 * authenticateToken's 401/403 are re-sent in this API's error format, with its WWW-Authenticate.
 */
export async function authenticate(request: Request, scope: TokenScope): Promise<Caller | Response> {
  const result = await authenticateToken(await getDb(), request, scope);
  if (!(result instanceof Response)) return result;
  const body = (await result.json().catch(() => ({}))) as { error?: string; message?: string };
  const code: ApiErrorCode = result.status === 403 ? 'forbidden' : 'unauthenticated';
  const challenge = result.headers.get('www-authenticate');
  log.info({ scope, status: result.status, path: new URL(request.url).pathname }, 'import API call refused');
  return refuse(request, apiError(result.status, code, body.message ?? code, {}, challenge ? { 'www-authenticate': challenge } : {}));
}

/** Runs one import call; an unexpected failure (the database gone…) is logged and answered 500 JSON. */
export async function answering(request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  try {
    return await handle(request);
  } catch (error) {
    log.error({ err: error, path: new URL(request.url).pathname }, 'import API call failed');
    return apiError(500, 'internal-error', 'The import failed on the server; nothing was written. Try again later.');
  }
}
