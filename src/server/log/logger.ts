import 'server-only';
import pino, { type DestinationStream, type Logger } from 'pino';
import { logSettings } from '@/env';
import { currentRequestId } from './request-context';
import { serializeError } from './serialize-error';

/**
 * The one logger of the server code: JSON lines on stdout (pino), one object per event, with the
 * request id of the request being served (runtime/server.mjs) on every line written during it.
 * Errors go under `err` and pass through serializeError, which never lets query parameters or
 * quoted values out. In development (and in the CLI scripts run by hand) lines are printed
 * readably instead; LOG_FORMAT=json|pretty overrides.
 *
 * It writes with process.stdout.write, synchronously, from the calling thread: no worker-thread
 * transport, so it works the same in Next's server bundles, during `next build` and under tsx.
 */
const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const SKIPPED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'area', 'requestId', 'err']);

/** A JSON line as a person reads it: `12:00:01.234 WARN [forms] message key=value (req abc)` and the stack below. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof entry.time === 'string' ? entry.time.slice(11, 23) : new Date().toISOString().slice(11, 23);
  const level = typeof entry.level === 'number' ? (LEVEL_NAMES[entry.level] ?? entry.level) : String(entry.level ?? '').toUpperCase();
  const area = entry.area ? ` [${String(entry.area)}]` : '';
  const extras = Object.entries(entry)
    .filter(([key]) => !SKIPPED.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const request = entry.requestId ? ` (req ${String(entry.requestId)})` : '';
  const err = entry.err as { stack?: string; message?: string; code?: string } | undefined;
  const errText = err ? `\n    ${(err.stack ?? err.message ?? '').replace(/\n/g, '\n    ')}${err.code ? ` [code ${err.code}]` : ''}` : '';
  return `${time} ${level}${area} ${String(entry.msg ?? '')}${extras.length ? ` ${extras.join(' ')}` : ''}${request}${errText}\n`;
}

function destination(pretty: boolean): DestinationStream {
  return { write: (line: string) => void process.stdout.write(pretty ? prettyLine(line) : line) };
}

function createLogger(): Logger {
  const settings = logSettings(process.env);
  return pino(
    {
      level: settings.level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: serializeError },
      mixin() {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    destination(settings.format === 'pretty'),
  );
}

/** One per process: the bundles of a Next server share it through globalThis, as they share the database. */
const holder = globalThis as { __fundhouseLogger?: Logger };
export const logger: Logger = (holder.__fundhouseLogger ??= createLogger());

/** A logger whose lines say which part of the site wrote them (`area`: forms, outbox, db, alerts…). */
export function areaLogger(area: string): Logger {
  return logger.child({ area });
}
