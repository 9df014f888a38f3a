import 'server-only';
import { sql } from 'drizzle-orm';
import { env } from '@/env';
import { routing } from '@/i18n/routing';
import { getDb, type Db } from '@/server/db';
import * as t from '@/server/db/schema';
import en from '../../../messages/forms/en.json';
import es from '../../../messages/forms/es.json';
import fr from '../../../messages/forms/fr.json';
import { ALERT_WINDOW_MS, alertFingerprint, shouldAskDatabase, type ThrottleMemory } from './fingerprint';
import { areaLogger } from './logger';
import { currentRequestId } from './request-context';
import { serializeError, errorCode, type SafeError } from './serialize-error';

/**
 * Errors that reach the team: each is logged as an `alert` event, and when ALERT_EMAIL is set a
 * mail is queued in the mail outbox (a row with no submission), at most one per distinct error
 * (fingerprint) per 10 minutes across all processes (table alert_throttle, upserted atomically).
 * The mail holds no personal data: where, what (type, safe message, code, digest), request id, time.
 *
 * This module records an alert; alerts.ts raises one (records it, then asks the outbox to send it).
 * The split keeps the outbox (drain.ts), which records its own delivery failures, and the alerts,
 * which wake the outbox, from importing each other.
 */
export type AlertSource = 'request' | 'forms' | 'outbox' | 'import:navs' | 'retention' | 'cache-purge' | 'fund-alerts';

export type AlertEvent = {
  source: AlertSource;
  /** The route template (`/[locale]/[profile]/error-test`) or the job (`outbox`). */
  route: string;
  method?: string;
  /** The path requested, without its query string (which may carry anything). */
  path?: string;
  error: unknown;
  digest?: string;
  requestId?: string;
};

export type AlertOutcome = { fingerprint: string; mailed: boolean; reason: 'mailed' | 'suppressed' | 'no-recipient' | 'failed' };

const log = areaLogger('alerts');
const memory: ThrottleMemory = ((globalThis as { __fundhouseAlerts?: ThrottleMemory }).__fundhouseAlerts ??= new Map());
const MESSAGES = { fr, en, es } as const;
type AlertText = keyof typeof en.AlertMail;

/**
 * The alert texts of a language. Plain `{name}` substitution, not next-intl's translator: this
 * module also runs in the tsx CLI scripts, where next-intl's entry point pulls React client hooks.
 */
function alertTranslator(locale: keyof typeof MESSAGES) {
  const texts = MESSAGES[locale].AlertMail;
  return (key: AlertText, values: Record<string, string | number> = {}) => texts[key].replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** For tests: forget what this process knows (as a fresh process would). */
export function forgetAlertMemory(): void {
  memory.clear();
}

function alertMail(event: AlertEvent, safe: SafeError, fingerprint: string, now: Date, suppressed: number): { subject: string; text: string } {
  const locale = routing.defaultLocale;
  const tr = alertTranslator(locale);
  const method = event.method ?? '—';
  const rows: [string, string | undefined][] = [
    [tr('source'), event.source],
    [tr('route'), event.route],
    [tr('path'), event.path],
    [tr('method'), event.method],
    [tr('error'), `${safe.type}: ${safe.message}`],
    [tr('cause'), safe.cause ? `${safe.cause.type}: ${safe.cause.message}` : undefined],
    [tr('code'), errorCode(safe)],
    [tr('digest'), event.digest],
    [tr('requestId'), event.requestId],
    [tr('time'), now.toISOString()],
    [tr('suppressed'), String(suppressed)],
    [tr('fingerprint'), fingerprint],
  ];
  const text = [tr('intro'), '', ...rows.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`), '', tr('footer', { minutes: ALERT_WINDOW_MS / 60_000 }), ''].join('\n');
  return { subject: tr('subject', { type: safe.type, method, route: event.route }).slice(0, 300), text };
}

/**
 * Claims the right to mail this fingerprint now, and queues the mail, in one transaction. The upsert
 * decides atomically: a row older than the window is taken over (its repeats reported and reset);
 * otherwise the repeat is counted and nothing is queued.
 */
async function queueAlert(db: Db, fingerprint: string, now: Date, pending: number, mail: (suppressed: number) => { subject: string; text: string }, to: string) {
  const cutoff = new Date(now.getTime() - ALERT_WINDOW_MS);
  const due = sql`${t.alertThrottle.lastSentAt} <= ${cutoff.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t.alertThrottle)
      .values({ fingerprint, lastSentAt: now, lastSeenAt: now, suppressed: 0, reportedSuppressed: pending })
      .onConflictDoUpdate({
        target: t.alertThrottle.fingerprint,
        set: {
          reportedSuppressed: sql`case when ${due} then ${t.alertThrottle.suppressed} + ${pending} else ${t.alertThrottle.reportedSuppressed} end`,
          suppressed: sql`case when ${due} then 0 else ${t.alertThrottle.suppressed} + ${pending + 1} end`,
          lastSentAt: sql`case when ${due} then ${now.toISOString()}::timestamptz else ${t.alertThrottle.lastSentAt} end`,
          lastSeenAt: now,
        },
      })
      .returning({ lastSentAt: t.alertThrottle.lastSentAt, reportedSuppressed: t.alertThrottle.reportedSuppressed });
    if (!row) throw new Error('alert throttle not updated');
    const send = row.lastSentAt.getTime() === now.getTime();
    if (send) await tx.insert(t.mailOutbox).values({ kind: 'alert', submissionId: null, to, ...mail(row.reportedSuppressed), nextAttemptAt: now });
    return { send, lastSentAt: row.lastSentAt };
  });
}

/**
 * Logs the error as an alert event and, when ALERT_EMAIL is set, queues its alert mail unless one
 * went out for the same error within the window. Never throws: reporting an error must not make
 * another. It does not send the mail: raiseAlert (alerts.ts) also asks the outbox to deliver it at
 * once; the outbox itself (drain.ts) records its own failures here and sends them on its next pass.
 */
export async function recordAlert(event: AlertEvent, options: { db?: Db; now?: Date } = {}): Promise<AlertOutcome> {
  const now = options.now ?? new Date();
  const safe = serializeError(event.error);
  const requestId = event.requestId ?? currentRequestId();
  // The code joins the message: drizzle's wrapper says the same for every failed query.
  const fingerprint = alertFingerprint(event.route, safe.type, `${safe.message}\n${errorCode(safe) ?? ''}`);
  const full = { ...event, requestId };
  log.error(
    { event: 'alert', source: event.source, fingerprint, route: event.route, method: event.method, path: event.path, digest: event.digest, ...(requestId ? { requestId } : {}), err: event.error },
    `${event.source} error: ${safe.type}`,
  );
  const to = env().ALERT_EMAIL;
  if (!to) return { fingerprint, mailed: false, reason: 'no-recipient' };
  if (!shouldAskDatabase(memory, fingerprint, now.getTime())) return { fingerprint, mailed: false, reason: 'suppressed' };
  const pending = memory.get(fingerprint)?.pending ?? 0;
  try {
    const db = options.db ?? (await getDb());
    const result = await queueAlert(db, fingerprint, now, pending, (suppressed) => alertMail(full, safe, fingerprint, now, suppressed), to);
    memory.set(fingerprint, { until: result.lastSentAt.getTime() + ALERT_WINDOW_MS, pending: 0 });
    if (!result.send) return { fingerprint, mailed: false, reason: 'suppressed' };
    log.info({ event: 'alert-queued', fingerprint }, 'alert mail queued');
    return { fingerprint, mailed: true, reason: 'mailed' };
  } catch (error) {
    log.error({ event: 'alert-not-queued', fingerprint, err: error }, 'alert mail not queued');
    return { fingerprint, mailed: false, reason: 'failed' };
  }
}
