import 'server-only';
import { parseBenchmarkCsv } from '@/domain/csv/benchmarks';
import { IMPORT_LIMITS, type CsvError } from '@/domain/csv/import';
import { parseNavCsv } from '@/domain/csv/navs';
import { parseRegistrationCsv, REGISTRATION_LIMITS } from '@/domain/csv/registrations';
import { parseScenarioCsv } from '@/domain/csv/scenarios';
import { DIVIDEND_LIMITS, parseDividendCsv } from '@/domain/dividends/csv';
import type { TokenScope } from '@/domain/staff/roles';
import type { Actor } from '@/server/audit/record';
import { commitBenchmarkImport } from '@/server/benchmarks/import';
import { getDb } from '@/server/db';
import { afterAnswer } from '@/server/http/after-answer';
import type { Db } from '@/server/db/client';
import { commitNavImport } from '@/server/navs/import';
import { commitRegistrationImport } from '@/server/registrations/commands';
import { commitScenarioImport } from '@/server/scenarios/import';
import { commitDividendImport } from '@/server/dividends/import';
import { answering, apiError, apiJson, authenticate, log, mediaType, readLimitedBody, refuse, rowErrors } from './respond';

/** A CSV body is refused past the parser's own bound (16 MB, src/domain/csv/import.ts): 413, not 422. */
export const MAX_CSV_BYTES = IMPORT_LIMITS.maxBytes;

type Parsed<R> = { ok: true; rows: R[] } | { ok: false; errors: CsvError[] };
type Committed = { ok: true; written: number } | { ok: false; errors: CsvError[] };

type CsvImport<R, C extends Committed> = {
  scope: TokenScope;
  parse: (text: string) => Parsed<R>;
  /** The largest body read (defaults to MAX_CSV_BYTES); past it 413. */
  maxBytes?: number;
  commit: (db: Db, rows: R[], actor: Actor) => Promise<C>;
};

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * One CSV import call: the token (401/403), then `Content-Type: text/csv` (415), then the body
 * read below MAX_CSV_BYTES (413), then every row checked (422 with the lines, nothing written),
 * then the service's one transaction (the change and its audit entry naming the token).
 * The same file twice answers 200 with `outcome: "unchanged"` and writes nothing, no audit entry;
 * such a call is still traced by the token's last_used_at and a log line.
 */
async function importCsv<R, C extends Committed>(request: Request, spec: CsvImport<R, C>): Promise<Response> {
  const caller = await authenticate(request, spec.scope);
  if (caller instanceof Response) return caller;
  const { type, charset } = mediaType(request);
  if (type !== 'text/csv' || (charset !== null && charset !== 'utf-8' && charset !== 'utf8')) {
    return refuse(request, apiError(415, 'unsupported-media-type', 'Send the file as the body with Content-Type: text/csv (UTF-8).'));
  }
  const bytes = await readLimitedBody(request, spec.maxBytes ?? MAX_CSV_BYTES);
  if (bytes instanceof Response) return bytes;
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return apiError(422, 'not-utf8', 'The file is not valid UTF-8 text.');
  }
  const parsed = spec.parse(text);
  const result = parsed.ok ? await spec.commit(await getDb(), parsed.rows, caller.actor) : parsed;
  if (!result.ok) {
    log.info({ scope: spec.scope, tokenId: caller.tokenId, errors: result.errors.length }, 'import API file refused');
    return rowErrors(result.errors);
  }
  const { ok: _ok, ...counts } = result;
  const outcome = result.written > 0 ? 'changed' : 'unchanged';
  log.info({ scope: spec.scope, tokenId: caller.tokenId, outcome, written: result.written }, 'import API file accepted');
  return apiJson(200, { outcome, ...counts });
}

/** POST /api/admin/v1/navs: a NAV file (isin,date,nav), as `npm run import:navs` reads it. */
export function importNavsRequest(request: Request): Promise<Response> {
  return answering(request, (r) => importCsv(r, {
    scope: 'navs',
    parse: parseNavCsv,
        // A feed's answer does not wait for the month's factsheets (up to two minutes of PDFs).
    commit: (db, rows, actor) => commitNavImport(db, rows, actor, { source: 'import-api', later: afterAnswer }),
  }));
}

/** POST /api/admin/v1/scenarios: a month (or more) of performance scenarios (isin,month,scenario,holding_period_years,amount,annual_return). */
export function importScenariosRequest(request: Request): Promise<Response> {
  return answering(request, (r) => importCsv(r, {
    scope: 'scenarios',
    parse: parseScenarioCsv,
    commit: (db, rows, actor) => commitScenarioImport(db, rows, actor, { source: 'import-api' }),
  }));
}

/** POST /api/admin/v1/benchmarks: a benchmark series (benchmark,date,value). */
export function importBenchmarksRequest(request: Request): Promise<Response> {
  return answering(request, (r) => importCsv(r, {
    scope: 'benchmarks',
    parse: parseBenchmarkCsv,
    commit: (db, rows, actor) => commitBenchmarkImport(db, rows, actor, { source: 'import-api' }),
  }));
}

/** POST /api/admin/v1/registrations: the registration matrix (isin,country,investor_profile,status,date), at most 2 MB. */
export function importRegistrationsRequest(request: Request): Promise<Response> {
  return answering(request, (r) => importCsv(r, {
    scope: 'registrations',
    parse: parseRegistrationCsv,
    maxBytes: REGISTRATION_LIMITS.maxBytes,
    commit: (db, rows, actor) => commitRegistrationImport(db, rows, actor, { source: 'import-api' }),
  }));
}

/** POST /api/admin/v1/distributions: dividends of distributing share classes (isin,ex_date,record_date,payment_date,amount,currency), at most 1 MB. */
export function importDistributionsRequest(request: Request): Promise<Response> {
  return answering(request, (r) => importCsv(r, {
    scope: 'distributions',
    parse: parseDividendCsv,
    maxBytes: DIVIDEND_LIMITS.maxBytes,
    commit: (db, rows, actor) => commitDividendImport(db, rows, actor, { source: 'import-api' }),
  }));
}
