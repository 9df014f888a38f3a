import 'server-only';
import nodemailer from 'nodemailer';
import { env } from '@/env';
import { getDb, type Db } from '@/server/db';
import { withLink } from '@/domain/forms/outbox-mail';
import { headersWithLink } from '@/domain/alerts/rules';
import { retryDelaySeconds } from '@/domain/forms/retry';
import { recordAlert } from '@/server/log/record-alert';
import { areaLogger } from '@/server/log/logger';
import { claimDueMails, markMailFailed, markMailSent } from '@/server/outbox/commands';
import { mailExtras } from '@/server/outbox/queries';
import { openLink } from '../forms/sealed-link';

/** A mail must be sent within its lease; nodemailer's timeouts below keep an attempt well under it. */
const LEASE_SECONDS = 120;
const BATCH = 10;
/** A mail still refused after this many attempts (about 35 s of retries) is worth an alert. */
const ALERT_AFTER_ATTEMPTS = 4;
const log = areaLogger('outbox');

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra headers: an alert mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};
export type MailTransport = { sendMail(message: MailMessage): Promise<unknown> };

/**
 * nodemailer's options for SMTP_URL. Over smtp:// the connection must be upgraded with STARTTLS
 * (requireTLS): nodemailer would otherwise send the mail, and the credentials in the URL, in clear
 * when the server does not offer it. smtps:// is TLS from the start. SMTP_REQUIRE_TLS=false (a
 * local test server without TLS) is the only way out.
 */
export function smtpOptions(url: string, requireTls: boolean) {
  const implicitTls = url.startsWith('smtps://');
  return { url, requireTLS: requireTls && !implicitTls, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
}

const transports = new Map<string, MailTransport>();
function smtpTransport(url: string): MailTransport {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(smtpOptions(url, env().SMTP_REQUIRE_TLS) as Parameters<typeof nodemailer.createTransport>[0]);
    transports.set(url, transport);
  }
  return transport;
}

const toVisitor = (to: string, visitor: string | null) => visitor !== null && to.trim().toLowerCase() === visitor.trim().toLowerCase();

export type DrainResult = { sent: number; failed: number; skipped: boolean };

/**
 * Sends every mail of the outbox that is due, once each. Without SMTP_URL nothing is sent and the
 * mails stay pending: they go out once a mail server is configured. A failed attempt is recorded
 * (attempts, last error) and retried later (retryDelaySeconds); nothing is ever dropped.
 */
export async function drainOutbox(options: { transport?: MailTransport; now?: () => Date; db?: Db } = {}): Promise<DrainResult> {
    const now = options.now ?? (() => new Date());
  const config = env();
  const transport = options.transport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : null);
  if (!transport) return { sent: 0, failed: 0, skipped: true };
  const db = options.db ?? (await getDb());
  const result: DrainResult = { sent: 0, failed: 0, skipped: false };
  for (;;) {
    const batch = await claimDueMails(db, now(), BATCH, LEASE_SECONDS);
    if (batch.length === 0) return result;
    for (const mail of batch) {
      try {
        const extras = mail.submissionId ? await mailExtras(db, mail.submissionId) : { replyTo: null, files: [] };
        // The link that grants something is put in now, in memory only (docs/decisions/026).
        const link = mail.linkSealed ? await openLink(db, mail.linkSealed, mail.to) : null;
        const text = link ? withLink(mail.text, link) : mail.text;
        // The same link goes into the headers that hold its marker (List-Unsubscribe), in memory only too.
        const headers = mail.headers && Object.keys(mail.headers).length > 0 ? headersWithLink(mail.headers, link) : null;
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text,
          ...(headers ? { headers } : {}),
          // The staff answer the visitor; a mail to the visitor (a confirmation) needs no reply-to, nor their own files back.
          ...(extras.replyTo && !toVisitor(mail.to, extras.replyTo) ? { replyTo: extras.replyTo } : {}),
          attachments: (toVisitor(mail.to, extras.replyTo) ? [] : extras.files).map((f) => ({ filename: f.fileName, contentType: f.mimeType, content: Buffer.from(f.data) })),
        });
        await markMailSent(db, mail.id, now());
        result.sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retryAt = new Date(now().getTime() + retryDelaySeconds(mail.attempts) * 1000);
        await markMailFailed(db, mail.id, message, retryAt);
        log.warn({ mailId: mail.id, submissionId: mail.submissionId, attempts: mail.attempts, retryAt, err: error }, 'mail not sent, kept for a retry');
        result.failed += 1;
        // An alert mail goes through this same outbox: a failing alert is logged, never alerted on
        // again (it could not be delivered either, and would feed itself).
        if (mail.attempts === ALERT_AFTER_ATTEMPTS && mail.kind !== 'alert') {
          await recordAlert({ source: 'outbox', route: 'mail outbox: delivery', error }, { db, now: now() });
        }
      }
    }
  }
}

/**
 * One drain at a time per process: a request that comes while a drain runs asks for another pass
 * after it, so a mail stored meanwhile is not left waiting for the next tick. Kept on globalThis:
 * the worker started at boot and the route handlers live in different bundles of one process.
 */
type DrainState = { running: Promise<void> | null; again: boolean };
const state = ((globalThis as { __fundhouseOutbox?: DrainState }).__fundhouseOutbox ??= { running: null, again: false });

export function requestDrain(): Promise<void> {
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    do {
      state.again = false;
      try {
        await drainOutbox();
      } catch (error) {
        await recordAlert({ source: 'outbox', route: 'mail outbox: drain', error });
      }
    } while (state.again);
  })().finally(() => {
    state.running = null;
  });
  return state.running;
}

/** Settles when the delivery pass under way (if any) is over; no further pass is chained after it. */
export function waitForDrain(): Promise<void> {
  state.again = false;
  return state.running ?? Promise.resolve();
}
