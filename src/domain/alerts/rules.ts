/**
 * The rules of the fund alerts (issue 34, docs/operations.md "Fund alerts"). Pure: no I/O.
 *
 * - A subscriber follows funds; each subscription is confirmed by the link mailed (double opt-in).
 * - At most one digest a day per subscriber (a UTC calendar day); it tells what was published since
 *   the subscriber's last digest, or since the subscription's confirmation when that is later.
 * - The monthly NAV summary, when asked for, comes with the first digest of a month.
 * - Every alert mail carries `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058): the link is
 *   the sealed one of the mail, kept as LINK_MARKER in the stored headers.
 */
import { LINK_MARKER } from '../forms/outbox-mail';

/** The document types whose new versions reach a digest: KID, prospectus, reports, factsheets (a notice comes with its event). */
export const ALERT_DOCUMENT_TYPES = [
  'KIID',
  'PROSPECTUS',
  'MONTHLY_REPORT',
  'WEEKLY_REPORT',
  'ESG_MONTHLY_REPORT',
  'ANNUAL_REPORT',
  'SEMI_ANNUAL_REPORT',
  'SFDR_PERIODIC',
  'FACTSHEET',
] as const;

/** A token of the alert links (the manage token, a confirmation token): 256 bits, base64url. */
export const ALERT_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const isAlertToken = (value: unknown): value is string => typeof value === 'string' && ALERT_TOKEN.test(value);

/** An unconfirmed subscription is purged after this many days (its confirmation link dies with it). */
export const UNCONFIRMED_RETENTION_DAYS = 7;

/** Subscribers a digest run takes per batch (one transaction, rows locked SKIP LOCKED). */
export const DIGEST_BATCH = 100;
/** The most items of each kind one digest lists (a fund with hundreds of new documents in a day is not a mail). */
export const DIGEST_MAX_ITEMS = 50;

const DAY_MS = 86_400_000;

/** Midnight UTC of the instant's day. */
export function utcDayStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** Whether a subscriber whose last digest was `last` may get one at `now`: never two the same UTC day. */
export function digestDue(last: Date | null, now: Date): boolean {
  return last === null || last.getTime() < utcDayStart(now).getTime();
}

/** Whether the digest at `now` is the subscriber's first of the month (then it carries the NAV summary). */
export function firstDigestOfMonth(last: Date | null, now: Date): boolean {
  return last === null || last.getUTCFullYear() !== now.getUTCFullYear() || last.getUTCMonth() !== now.getUTCMonth();
}

/** The previous month of `now` (the NAV summary's): its last day, and the last day of the month before. */
export function summaryMonth(now: Date): { month: string; end: string; previousEnd: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const end = new Date(Date.UTC(y, m, 0));
  const previousEnd = new Date(Date.UTC(y, m - 1, 0));
  return { month: end.toISOString().slice(0, 7), end: end.toISOString().slice(0, 10), previousEnd: previousEnd.toISOString().slice(0, 10) };
}

/** Where a subscription's news start: the later of the last digest and the confirmation. */
export function subscriptionCursor(lastDigestAt: Date | null, confirmedAt: Date): Date {
  return lastDigestAt && lastDigestAt > confirmedAt ? lastDigestAt : confirmedAt;
}

/** The headers of every alert mail as stored: the link is LINK_MARKER, put in at send time (docs/decisions/026). */
export function alertMailHeaders(): Record<string, string> {
  return { 'List-Unsubscribe': `<${LINK_MARKER}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The stored headers as sent: each LINK_MARKER replaced by the link; a header without it is sent as stored. */
export function headersWithLink(headers: Record<string, string>, link: string | null): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      if (!value.includes(LINK_MARKER)) return [name, value];
      if (link === null) throw new Error(`mail header ${name} holds the link marker but the mail has no link`);
      return [name, value.split(LINK_MARKER).join(link)];
    }),
  );
}

/**
 * Whether a POST body is an RFC 8058 one-click unsubscription: the form field
 * `List-Unsubscribe=One-Click`, as application/x-www-form-urlencoded (what mail clients send).
 */
export function isOneClickBody(body: string): boolean {
  return new URLSearchParams(body).getAll('List-Unsubscribe').includes('One-Click');
}
