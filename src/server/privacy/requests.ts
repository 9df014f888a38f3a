import 'server-only';
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FormKind } from '@/domain/forms/fields';
import { VISITOR_MAIL_KINDS, withoutTokenLinks } from '@/domain/forms/outbox-mail';
import { ALL_EMAIL_FIELDS, type AddressSummary } from '@/domain/privacy/gdpr';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { clientHash } from '@/server/forms/request-info';

/**
 * The GDPR requests about one e-mail address (docs/decisions/024): what the site holds about it,
 * its export (right of access) and its erasure. An address is matched exactly on every data field
 * that holds an e-mail (lower(btrim(field)) = the normalized address: no LIKE, so `%` and `_` are
 * plain characters and a prefix or suffix of an address is another address). Mails are the
 * visitor's only (visitorMails), sent or not: their text holds the person's data.
 * Callers pass an address normalized by normalizeEmail (src/domain/privacy/gdpr.ts).
 */

/** The field's name is written into the SQL (a code constant, checked), so the expression index `form_submission_email` applies. */
function fieldOf(name: string): SQL {
  if (!/^[A-Za-z]+$/.test(name)) throw new Error(`not a field name: ${name}`);
  return sql`lower(btrim(${t.formSubmissions.data} -> 'fields' ->> ${sql.raw(`'${name}'`)}))`;
}

/** The submissions of the address, on every field that holds an e-mail (the index form_submission_email serves `email`). */
export function submissionsOf(email: string): SQL {
  return or(...ALL_EMAIL_FIELDS.map((name) => sql`${fieldOf(name)} = ${email}`)) as SQL;
}

/**
 * The visitor's mails (docs/decisions/026): those about their submissions (the staff's mail and the
 * newsletter's confirmation), and the newsletter mails to their address. Account mails (invitations,
 * resets) and alerts are the staff's, never a visitor's data: a look-up, an export or an erasure of a
 * staff member's address does not reach them, whoever asks.
 */
function visitorMails(ids: string[], email: string): SQL {
  // The newsletter's and the fund alerts' mails (confirmations, digests) to the address.
  const to = and(inArray(t.mailOutbox.kind, ['newsletter', 'fund-alerts']), sql`lower(btrim(${t.mailOutbox.to})) = ${email}`) as SQL;
  const about = ids.length > 0 ? and(inArray(t.mailOutbox.kind, [...VISITOR_MAIL_KINDS]), inArray(t.mailOutbox.submissionId, ids)) : undefined;
  return (about ? or(about, to) : to) as SQL;
}

/** The keyed hash of an address that audit entries keep instead of it (HMAC-SHA-256 with the client-hash key). */
export function addressHash(email: string, db?: Db): Promise<string> {
  return clientHash(`gdpr:${email}`, db);
}

export type { AddressSummary };

async function summarize(executor: Executor, email: string): Promise<AddressSummary & { ids: string[] }> {
  const rows = await executor.select({ id: t.formSubmissions.id, kind: t.formSubmissions.kind }).from(t.formSubmissions).where(submissionsOf(email));
  const ids = rows.map((r) => r.id);
  const forms: Partial<Record<FormKind, number>> = {};
  for (const r of rows) forms[r.kind as FormKind] = (forms[r.kind as FormKind] ?? 0) + 1;
  const [[files], [mails], alerts] = await Promise.all([
    ids.length > 0 ? executor.select({ n: count() }).from(t.submissionAttachments).where(inArray(t.submissionAttachments.submissionId, ids)) : Promise.resolve([{ n: 0 }]),
    executor
      .select({ n: count() })
      .from(t.mailOutbox)
      .where(visitorMails(ids, email)),
    alertRows(executor, email),
  ]);
  return { ids, forms, submissions: ids.length, attachments: files?.n ?? 0, mails: mails?.n ?? 0, alertSubscriber: alerts.subscriber ? 1 : 0, alertFunds: alerts.funds.length };
}

/** The address's fund alerts subscriber (matched exactly, as the index alert_subscriber_email does) and its subscriptions. */
async function alertRows(executor: Executor, email: string) {
  const [subscriber] = await executor.select().from(t.alertSubscribers).where(sql`lower(btrim(${t.alertSubscribers.email})) = ${email}`);
  const funds = subscriber
    ? await executor
        .select({ fund: t.funds.slug, navSummary: t.alertSubscriptions.navSummary, createdAt: t.alertSubscriptions.createdAt, confirmedAt: t.alertSubscriptions.confirmedAt })
        .from(t.alertSubscriptions)
        .innerJoin(t.funds, eq(t.funds.id, t.alertSubscriptions.fundId))
        .where(eq(t.alertSubscriptions.subscriberId, subscriber.id))
        .orderBy(asc(t.funds.slug))
    : [];
  return { subscriber: subscriber ?? null, funds };
}

/** What an erasure of the address would remove: counts only, nothing is changed. */
export async function summarizeAddress(db: Db, email: string): Promise<AddressSummary> {
  const { ids: _, ...summary } = await summarize(db, email);
  return summary;
}

/**
 * Erases everything about the address in one transaction: its submissions (their files go with
 * them, ON DELETE CASCADE), the mails about those submissions and the newsletter mails to the
 * address, sent or pending (visitorMails: a staff account's invitations and resets stay, so an
 * erasure cannot hide that a reset was asked for). The audit entry records that an erasure happened, by whom, when and how much, with a
 * keyed hash of the address (so a later request about the same address can be matched to it), never
 * the address nor any data. Nothing public depends on submissions: nothing is published.
 */
export async function eraseAddress(db: Db, email: string, actor: Actor): Promise<AddressSummary> {
  const hash = await addressHash(email, db);
  return db.transaction(async (tx) => {
    // Two erasures of one address run one after the other. A submission the visitor sends while this
    // runs is not waited for: if it commits after the rows were read, a new look-up shows it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`gdpr:${hash}`}))`);
    const { ids, ...summary } = await summarize(tx, email);
    await tx.delete(t.mailOutbox).where(visitorMails(ids, email));
    // The fund alerts subscriber goes with its subscriptions (ON DELETE CASCADE).
    await tx.delete(t.alertSubscribers).where(sql`lower(btrim(${t.alertSubscribers.email})) = ${email}`);
    if (ids.length > 0) await tx.delete(t.formSubmissions).where(inArray(t.formSubmissions.id, ids));
    await recordAudit(tx, { actor, entity: 'privacy', action: 'erase', after: { addressHash: hash, ...summary } });
    return summary;
  });
}

// ---------------------------------------------------------------- export (right of access)

/** An export holds every submission of the address; file contents up to this many bytes in all (base64 adds a third). */
export const EXPORT_MAX_FILE_BYTES = 40 * 1024 * 1024;
/** The most submissions one export lists (the forms accept 5 per client per 10 minutes: a person never comes near). */
export const EXPORT_MAX_SUBMISSIONS = 2_000;

export type AddressExport = {
  format: 'fundhouse-gdpr-export/1';
  generatedAt: string;
  email: string;
  submissions: {
    id: string;
    form: string;
    locale: string;
    createdAt: string;
    status: string;
    handledAt: string | null;
    unsubscribedAt: string | null;
    fields: Record<string, unknown>;
    attachments: { field: string; fileName: string; mimeType: string; size: number; sha256: string; contentBase64: string | null }[];
  }[];
  /**
   * Every mail about those submissions and every newsletter mail to the address, with its text (what
   * the site said about or to the person), a link that granted something shown as LINK_MARKER.
   * Never a staff account's mails (invitations, resets) nor alerts.
   */
  mails: { submissionId: string | null; to: string; subject: string; text: string; createdAt: string; sentAt: string | null }[];
  /** The address's fund alerts: its language, country and profile (null until a confirmation gives them), dates, and the funds it follows (null: not a subscriber). */
  fundAlerts: {
    locale: string | null;
    country: string | null;
    investorProfile: string | null;
    createdAt: string;
    lastDigestAt: string | null;
    unsubscribedAt: string | null;
    funds: { fund: string; navSummary: boolean; createdAt: string; confirmedAt: string | null }[];
  } | null;
  /** Files whose content did not fit EXPORT_MAX_FILE_BYTES: listed with their metadata, content null. */
  omittedFileContents: number;
  truncatedSubmissions: boolean;
};

/**
 * Everything the site holds about the address, as one JSON document: fields, dates, statuses,
 * files (metadata and content, base64, up to EXPORT_MAX_FILE_BYTES in all, the rest listed without
 * content), and the mails. Audited (that an export happened, the counts, the address's keyed hash).
 */
export async function exportAddress(db: Db, email: string, actor: Actor, now = new Date()): Promise<AddressExport> {
  const hash = await addressHash(email, db);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(t.formSubmissions)
      .where(submissionsOf(email))
      .orderBy(asc(t.formSubmissions.createdAt), asc(t.formSubmissions.id))
      .limit(EXPORT_MAX_SUBMISSIONS + 1);
    const truncated = rows.length > EXPORT_MAX_SUBMISSIONS;
    const kept = rows.slice(0, EXPORT_MAX_SUBMISSIONS);
    const ids = kept.map((r) => r.id);
    const files = ids.length > 0
      ? await tx
          .select({
            id: t.submissionAttachments.id,
            submissionId: t.submissionAttachments.submissionId,
            field: t.submissionAttachments.field,
            fileName: t.submissionAttachments.fileName,
            mimeType: t.submissionAttachments.mimeType,
            size: t.submissionAttachments.size,
            sha256: t.submissionAttachments.sha256,
          })
          .from(t.submissionAttachments)
          .where(inArray(t.submissionAttachments.submissionId, ids))
          .orderBy(asc(t.submissionAttachments.id))
      : [];
    // Contents one by one, while the budget lasts: never more than EXPORT_MAX_FILE_BYTES in memory.
    let budget = EXPORT_MAX_FILE_BYTES;
    let omitted = 0;
    const contents = new Map<number, string>();
    for (const file of files) {
      if (file.size > budget) {
        omitted += 1;
        continue;
      }
      const [row] = await tx.select({ data: t.submissionAttachments.data }).from(t.submissionAttachments).where(eq(t.submissionAttachments.id, file.id));
      if (!row) continue;
      budget -= row.data.byteLength;
      contents.set(file.id, Buffer.from(row.data).toString('base64'));
    }
    const mails = await tx
      .select({ submissionId: t.mailOutbox.submissionId, to: t.mailOutbox.to, subject: t.mailOutbox.subject, text: t.mailOutbox.text, createdAt: t.mailOutbox.createdAt, sentAt: t.mailOutbox.sentAt })
      .from(t.mailOutbox)
      .where(visitorMails(ids, email))
      .orderBy(asc(t.mailOutbox.createdAt), asc(t.mailOutbox.id));
    const alerts = await alertRows(tx, email);
    const result: AddressExport = {
      format: 'fundhouse-gdpr-export/1',
      generatedAt: now.toISOString(),
      email,
      submissions: kept.map((r) => ({
        id: r.id,
        form: r.kind,
        locale: r.locale,
        createdAt: r.createdAt.toISOString(),
        status: r.status,
        handledAt: r.handledAt?.toISOString() ?? null,
        unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null,
        fields: (r.data.fields ?? {}) as Record<string, unknown>,
        attachments: files
          .filter((f) => f.submissionId === r.id)
          .map((f) => ({ field: f.field, fileName: f.fileName, mimeType: f.mimeType, size: f.size, sha256: f.sha256, contentBase64: contents.get(f.id) ?? null })),
      })),
      // A link that grants something is never in a stored text; one written before that rule is taken out here.
      mails: mails.map((m) => ({ submissionId: m.submissionId, to: m.to, subject: m.subject, text: withoutTokenLinks(m.text), createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null })),
      fundAlerts: alerts.subscriber
        ? {
            locale: alerts.subscriber.locale,
            country: alerts.subscriber.countryCode,
            investorProfile: alerts.subscriber.investorProfile,
            createdAt: alerts.subscriber.createdAt.toISOString(),
            lastDigestAt: alerts.subscriber.lastDigestAt?.toISOString() ?? null,
            unsubscribedAt: alerts.subscriber.unsubscribedAt?.toISOString() ?? null,
            funds: alerts.funds.map((f) => ({ fund: f.fund, navSummary: f.navSummary, createdAt: f.createdAt.toISOString(), confirmedAt: f.confirmedAt?.toISOString() ?? null })),
          }
        : null,
      omittedFileContents: omitted,
      truncatedSubmissions: truncated,
    };
    await recordAudit(tx, {
      actor,
      entity: 'privacy',
      action: 'export',
      after: { addressHash: hash, submissions: kept.length, attachments: files.length, mails: mails.length, alertFunds: alerts.funds.length, omittedFileContents: omitted },
    });
    return result;
  });
}
