import 'server-only';
import { LRUCache } from 'lru-cache';
import { parseCspReports } from '@/domain/telemetry/csp-report';
import { clientAddress } from '@/server/forms/request-info';
import { areaLogger } from '@/server/log/logger';
import { readBody } from './read-body';

/**
 * POST /api/csp-report: what the browsers' CSP blocked, written to the log (docs/decisions/028).
 * Anyone can post here, so the work is bounded: a body of at most MAX_BODY_BYTES read within a
 * second, at most PER_CLIENT reports a minute logged per client address and GLOBAL a minute in all
 * (what is over is counted, and the count logged once a minute), and every answer is 204 (413 for
 * too large a body) — a report never costs an error page, nor tells its sender anything.
 */
export const MAX_BODY_BYTES = 16 * 1024;
export const PER_CLIENT_PER_MINUTE = 20;
export const GLOBAL_PER_MINUTE = 300;
const WINDOW_MS = 60_000;

const log = areaLogger('csp');

type Window = { start: number; count: number };
type State = { clients: LRUCache<string, Window>; global: Window; dropped: number };
const holder = globalThis as typeof globalThis & { __fundhouseCspReports?: State };
const state = (holder.__fundhouseCspReports ??= {
  // Bounded: a flood of addresses forgets the oldest, which only lets an old address log again.
  clients: new LRUCache<string, Window>({ max: 10_000 }),
  global: { start: 0, count: 0 },
  dropped: 0,
});

function take(window: Window, limit: number, now: number): boolean {
  if (now - window.start >= WINDOW_MS) {
    window.start = now;
    window.count = 0;
  }
  if (window.count >= limit) return false;
  window.count += 1;
  return true;
}

/** Whether one more report from this client may be logged now (counts it when so). */
export function admitReport(client: string, now = Date.now()): boolean {
  if (now - state.global.start >= WINDOW_MS && state.dropped > 0) {
    log.warn({ dropped: state.dropped }, 'CSP reports over the rate limit were not logged');
    state.dropped = 0;
  }
  let window = state.clients.get(client);
  if (!window) {
    window = { start: now, count: 0 };
    state.clients.set(client, window);
  }
  if (!take(window, PER_CLIENT_PER_MINUTE, now) || !take(state.global, GLOBAL_PER_MINUTE, now)) {
    state.dropped += 1;
    return false;
  }
  return true;
}

/** Forgets every count (tests). */
export function resetCspReportLimits(): void {
  state.clients.clear();
  state.global = { start: 0, count: 0 };
  state.dropped = 0;
}

const NO_CONTENT = () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });

export async function receiveCspReport(request: Request): Promise<Response> {
  try {
    const body = await readBody(request, { maxBytes: MAX_BODY_BYTES, timeoutMs: 1000 });
    if (!body.ok) return body.failure === 'tooLarge' ? new Response(null, { status: 413, headers: { 'cache-control': 'no-store' } }) : NO_CONTENT();
    const violations = parseCspReports(request.headers.get('content-type'), new TextDecoder().decode(body.bytes));
    const client = clientAddress(request.headers);
    for (const violation of violations) {
      if (!admitReport(client)) break;
      log.warn({ violation }, 'CSP violation');
    }
  } catch (error) {
    // Whatever went wrong, a report is not worth an error answer.
    log.error({ err: error }, 'CSP report not read');
  }
  return NO_CONTENT();
}
