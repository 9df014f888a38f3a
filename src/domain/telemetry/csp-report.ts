/**
 * Reading the reports browsers send when the CSP blocks something (docs/decisions/028): the old
 * `report-uri` form (`application/csp-report`, one `{"csp-report": {…}}`) and the Reporting API's
 * (`application/reports+json`, an array of `{type: "csp-violation", body: {…}}`). Anyone can post
 * here, so nothing is trusted: every field is a bounded string or number, URLs lose their query and
 * fragment (a reset link's token must never reach a log), and at most MAX_REPORTS_PER_BODY are read.
 */

export type CspViolation = {
  /** The page, without query or fragment. */
  documentUrl: string;
  /** The directive that blocked, e.g. `script-src-elem`. */
  directive: string;
  /** What was blocked: `inline`, `eval`, or a URL without query or fragment. */
  blocked: string;
  sourceFile: string;
  line: number | null;
  column: number | null;
  /** `enforce` or `report`. */
  disposition: string;
  /** The first characters of the blocked inline script, when the policy asks for them. */
  sample: string;
};

export const MAX_REPORTS_PER_BODY = 10;
const MAX_TEXT = 200;

function text(value: unknown, max = MAX_TEXT): string {
  if (typeof value !== 'string') return '';
  // No control characters in a log line.
  return value.replace(/\p{Cc}/gu, ' ').slice(0, max);
}

/** A URL reduced to its origin and path; keywords (`inline`, `eval`, `self`) and schemes stay. */
export function withoutQuery(value: unknown): string {
  const raw = text(value, 2048);
  if (!raw) return '';
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}${url.pathname}`.slice(0, MAX_TEXT);
    return url.protocol; // data:, blob:, javascript:… : the scheme says enough
  } catch {
    return raw.split(/[?#]/)[0]!.slice(0, MAX_TEXT);
  }
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1e9 ? value : null;
}

function fromBody(body: Record<string, unknown>, legacy: boolean): CspViolation {
  const field = (modern: string, old: string) => body[legacy ? old : modern];
  return {
    documentUrl: withoutQuery(field('documentURL', 'document-uri')),
    directive: text(field('effectiveDirective', 'effective-directive') ?? field('violatedDirective', 'violated-directive'), 64),
    blocked: withoutQuery(field('blockedURL', 'blocked-uri')),
    sourceFile: withoutQuery(field('sourceFile', 'source-file')),
    line: count(field('lineNumber', 'line-number')),
    column: count(field('columnNumber', 'column-number')),
    disposition: text(field('disposition', 'disposition'), 16),
    sample: text(field('sample', 'script-sample'), 80),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The violations in a report body, or [] for anything else (bad JSON, another report type, an
 * unknown media type). Never throws.
 */
export function parseCspReports(contentType: string | null, bodyText: string): CspViolation[] {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    return [];
  }
  if (type === 'application/csp-report' || (type === 'application/json' && isObject(parsed) && 'csp-report' in parsed)) {
    const report = isObject(parsed) ? parsed['csp-report'] : undefined;
    return isObject(report) ? [fromBody(report, true)] : [];
  }
  if (type === 'application/reports+json' || type === 'application/json') {
    if (!Array.isArray(parsed)) return [];
    return parsed
      .slice(0, MAX_REPORTS_PER_BODY)
      .filter((report): report is Record<string, unknown> => isObject(report) && report.type === 'csp-violation' && isObject(report.body))
      .map((report) => fromBody(report.body as Record<string, unknown>, false));
  }
  return [];
}
