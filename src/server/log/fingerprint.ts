import 'server-only';
import { createHash } from 'node:crypto';

/** One alert mail per distinct error per window (docs/operations.md, "Logs and alerts"). */
export const ALERT_WINDOW_MS = 10 * 60 * 1000;

/**
 * The message with what varies between occurrences of one error (numbers, ids) blanked, so that
 * "mail 17 not sent" and "mail 18 not sent" are one error.
 */
export function normalizeMessage(message: string): string {
  return message
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\b[0-9a-f]{16,}\b/gi, '<hex>')
    .replace(/\d+/g, '#');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What makes two errors the same: where (route or job), what (error type), and a digest of the message. */
export function alertFingerprint(where: string, type: string, message: string): string {
  return sha256(`${where}\n${type}\n${sha256(normalizeMessage(message))}`).slice(0, 32);
}

export type ThrottleMemory = Map<string, { until: number; pending: number }>;

/**
 * The per-process front of the throttle: once this process knows an error was alerted on, its
 * repeats within the window are counted here without touching the database. Returns true when the
 * database must be asked (first sight, or the window is over), false for a repeat to suppress.
 */
export function shouldAskDatabase(memory: ThrottleMemory, fingerprint: string, now: number): boolean {
  const known = memory.get(fingerprint);
  if (known && now < known.until) {
    known.pending += 1;
    return false;
  }
  return true;
}
