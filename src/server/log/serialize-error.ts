import 'server-only';
/**
 * What of an error may be written to a log line or an alert. An allow-list, not a deny-list: only
 * the fields below ever leave, so the parameters of a failed query (drizzle's `query`/`params`, the
 * PostgreSQL `detail` "Key (email)=(…)", the values quoted in a message such as `invalid input
 * syntax for type uuid: "…"`) can never reach the logs, whatever the driver attaches. The `cause`
 * chain is serialized the same way.
 */
export type SafeError = {
  type: string;
  message: string;
  /** PostgreSQL SQLSTATE (e.g. 23505), or Node's error code (ECONNREFUSED). */
  code?: string;
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  digest?: string;
  stack?: string;
  cause?: SafeError;
};

const MAX_DEPTH = 5;
const MAX_MESSAGE = 2000;
const SQLSTATE = /^[0-9A-Z]{5}$/;

function field(value: unknown, key: string, max = 200): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const v = (value as Record<string, unknown>)[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, max) : undefined;
}

/** A failed query of drizzle: its message embeds the SQL and every bound value. */
function isQueryError(error: object): boolean {
  return 'params' in error || 'query' in error || /^Failed query:/.test(field(error, 'message') ?? '');
}

function safeMessage(error: object, code: string | undefined): string {
  const message = field(error, 'message', MAX_MESSAGE) ?? '';
  // The database's own error (PGlite attaches the query and its parameters to it too, but its
  // message does not hold them): it may quote a value it refused, so every quoted part is blanked;
  // the identifiers it quotes are kept in their own fields (constraint, table, column).
  if (code && SQLSTATE.test(code) && !/^Failed query:/.test(message)) return message.replace(/"[^"]*"/g, '"…"').replace(/'[^']*'/g, "'…'");
  if (isQueryError(error)) return 'Failed query (query and parameters withheld)';
  return message;
}

/** The stack's frames only: its first lines repeat the message, which is rewritten above. */
function frames(error: object, head: string): string | undefined {
  const stack = (error as { stack?: unknown }).stack;
  if (typeof stack !== 'string') return undefined;
  const lines = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [head, ...lines.slice(0, 20)].join('\n');
}

export function serializeError(error: unknown, depth = 0): SafeError {
  if (error === null || typeof error !== 'object') return { type: typeof error, message: String(error).slice(0, MAX_MESSAGE) };
  const name = field(error, 'name');
  const ctor = (error as { constructor?: { name?: unknown } }).constructor?.name;
  // drizzle's DrizzleQueryError keeps the name "Error": its class says more.
  const type = name && name !== 'Error' ? name : typeof ctor === 'string' && ctor !== 'Object' && ctor !== '' ? ctor : (name ?? 'Error');
  const code = field(error, 'code');
  const message = safeMessage(error, code);
  const out: SafeError = { type, message };
  if (code) out.code = code;
  for (const key of ['severity', 'constraint', 'table', 'column', 'digest'] as const) {
    const value = field(error, key);
    if (value) out[key] = value;
  }
  const stack = frames(error, `${type}: ${message}`);
  if (stack) out.stack = stack;
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(cause, depth + 1);
  return out;
}

/** The most telling SQLSTATE or code along the cause chain (the driver's, under drizzle's wrapper). */
export function errorCode(error: SafeError): string | undefined {
  for (let e: SafeError | undefined = error; e; e = e.cause) if (e.code) return e.code;
  return undefined;
}
