import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { checkDocumentFile, documentFileName, MAX_DOCUMENT_BYTES, type DocumentFileProblem } from '@/domain/documents/file';
import { isEventLanguage, validateEvent, type EventErrors, type EventRaw, type EventValues } from '@/domain/events/input';
import { recordAudit, type Actor } from '@/server/audit/record';
import type { Db } from '@/server/db/client';
import { documents, fundEventShares, fundEvents, shares } from '@/server/db/schema';
import type { Executor } from '@/server/db/types';
import { checkCountries, deleteDocumentVersion, storeDocumentVersion, versionColumns } from '@/server/documents/commands';
import { pdfTagged } from '@/server/documents/tagging';
import { publishChange } from '@/server/publish/publish';
import { eventForStaff, eventFund, NOTICE_TYPE, type StaffEvent } from './staff-queries';

/**
 * A fund's events and their notice PDFs, written (issue 34, docs/back-office.md "Fund events"): the
 * services the approval door's `event.*` commands run (src/server/events/change.ts) and the import
 * API's scope `events` calls. Each checks its input (src/domain/events/input.ts; the share classes
 * active ones of the fund; a notice a PDF by its bytes, 20 MB at most, in a language of the site,
 * for known countries), writes in one transaction with its audit entry, then publishes the fund's
 * pages and the notices list and feeds (`publishChange` scope `funds` + `notices`).
 */

/** A notice PDF: one per event, language and set of countries (none: every country); a new one replaces the current one of its slot. */
export type NoticeUpload = { locale: string; countries?: string[]; fileName: string; bytes: Uint8Array };
export type NoticeProblem = DocumentFileProblem | 'bad-locale' | 'unknown-country';

export type EventSave = {
  fundId: number;
  /** Absent or null: a new event. */
  id?: number | null;
  raw: EventRaw;
  /** A new event's first notice, stored with it in the same transaction. */
  notice?: NoticeUpload | null;
};

export type EventSaveResult =
  | { ok: true; id: number; changed: boolean; noticeId: number | null; tagged: boolean | null }
  | { ok: false; error: 'unknown-fund' | 'unknown-event' }
  | { ok: false; error: 'invalid'; errors: Record<string, string> };

export type NoticeResult = { ok: true; id: number; changed: boolean; replacedId: number | null; tagged: boolean | null } | { ok: false; error: 'unknown-event' | NoticeProblem };

/** The form field a notice problem belongs to. */
export const NOTICE_FIELD: Record<NoticeProblem, string> = { empty: 'noticeFile', 'too-large': 'noticeFile', 'not-pdf': 'noticeFile', 'bad-locale': 'noticeLocale', 'unknown-country': 'noticeCountries' };

/** A notice's file, language and countries as its upload will check them; the countries normalised, or the problem. */
export async function checkNotice(db: Executor, notice: { locale: string; countries?: string[]; fileName: string; size?: number }, bytes: Uint8Array | null): Promise<{ ok: true; countries: string[] } | { ok: false; error: NoticeProblem }> {
  const file = bytes ? checkDocumentFile({ name: notice.fileName, size: bytes.byteLength, bytes }, MAX_DOCUMENT_BYTES) : 'empty';
  if (file) return { ok: false, error: file };
  if (!isEventLanguage(notice.locale)) return { ok: false, error: 'bad-locale' };
  const countries = await checkCountries(db, notice.countries ?? []);
  if (countries === null) return { ok: false, error: 'unknown-country' };
  return { ok: true, countries };
}

/**
 * The values of an event for this fund, checked: the domain's checks, then that each share class
 * is an active one of the fund (`shareIds: unknown-share`). Null fund: unknown.
 */
export async function checkEvent(db: Executor, fundId: number, raw: EventRaw): Promise<{ ok: true; value: EventValues } | { ok: false; errors: EventErrors } | null> {
  const fund = await eventFund(db, fundId);
  if (!fund) return null;
  const check = validateEvent(raw);
  if (!check.ok) return check;
  const active = new Set(fund.shares.filter((s) => s.active).map((s) => s.id));
  if (!check.value.shareIds.every((id) => active.has(id))) return { ok: false, errors: { shareIds: 'unknown-share' } };
  return check;
}

const sameValues = (event: StaffEvent, v: EventValues): boolean =>
  event.type === v.type &&
  event.tool === v.tool &&
  event.announcedOn === v.announcedOn &&
  event.effectiveOn === v.effectiveOn &&
  event.endsOn === v.endsOn &&
  JSON.stringify([event.title.fr, event.title.en ?? '', event.title.es ?? '', event.body.fr, event.body.en ?? '', event.body.es ?? '']) ===
    JSON.stringify([v.title.fr, v.title.en ?? '', v.title.es ?? '', v.body.fr, v.body.en ?? '', v.body.es ?? '']) &&
  event.shares.map((s) => s.id).join() === v.shareIds.join();

/** What the audit log keeps of an event. */
const audited = (e: Pick<StaffEvent, 'fundId' | 'type' | 'tool' | 'title' | 'body' | 'announcedOn' | 'effectiveOn' | 'endsOn'> & { shareIds: number[] }) => ({
  fundId: e.fundId,
  type: e.type,
  tool: e.tool,
  title: e.title,
  body: e.body,
  announcedOn: e.announcedOn,
  effectiveOn: e.effectiveOn,
  endsOn: e.endsOn,
  shareIds: e.shareIds,
});

/** The fund's pages (with these share classes') and the notices list and feeds. */
async function publishEvent(db: Db, fundId: number, shareIds: number[]): Promise<void> {
  const fund = await eventFund(db, fundId);
  if (!fund) return;
  const wanted = new Set(shareIds);
  await publishChange(db, { funds: [{ slug: fund.slug, shares: fund.shares.filter((s) => wanted.has(s.id)).map((s) => s.slug) }], notices: true });
}

/** The current notices of an event's slot (its language and exactly these countries). */
async function noticeSlot(tx: Executor, eventId: number, locale: string, countries: string[]) {
  const rows = await tx
    .select({ id: documents.id, countries: documents.countries })
    .from(documents)
    .where(and(eq(documents.eventId, eventId), eq(documents.documentTypeCode, NOTICE_TYPE), eq(documents.locale, locale)));
  const ids = rows.filter((r) => [...r.countries].sort().join() === countries.join()).map((r) => r.id);
  return ids.length > 0 ? inArray(documents.id, ids) : eq(documents.id, -1);
}

/** Stores a notice of an event inside the caller's transaction (its file already checked, its tagging read). */
async function storeNotice(
  tx: Executor,
  event: { id: number; fundId: number; title: StaffEvent['title']; announcedOn: string },
  notice: NoticeUpload,
  countries: string[],
  tagged: boolean | null,
  actor: Actor,
) {
  const locale = notice.locale as 'fr' | 'en' | 'es';
  return storeDocumentVersion(
    tx,
    await noticeSlot(tx, event.id, locale, countries),
    {
      documentTypeCode: NOTICE_TYPE,
      fundId: event.fundId,
      eventId: event.id,
      locale,
      title: (event.title[locale] ?? event.title.fr).slice(0, 300),
      fileName: documentFileName(notice.fileName),
      size: notice.bytes.byteLength,
      sha256: createHash('sha256').update(notice.bytes).digest('hex'),
      data: notice.bytes,
      publishedAt: event.announcedOn,
      published: true,
      countries,
      tagged,
    },
    actor,
  );
}

/** Records a new event (with its first notice if given) or changes one; the same values again change nothing. */
export async function saveEvent(db: Db, input: EventSave, actor: Actor): Promise<EventSaveResult> {
  const check = await checkEvent(db, input.fundId, input.raw);
  if (!check) return { ok: false, error: 'unknown-fund' };
  if (!check.ok) return { ok: false, error: 'invalid', errors: check.errors };
  const values = check.value;
  const isNew = input.id === undefined || input.id === null;
  const notice = isNew ? (input.notice ?? null) : null;
  let countries: string[] = [];
  if (notice) {
    const noticeCheck = await checkNotice(db, notice, notice.bytes);
    if (!noticeCheck.ok) return { ok: false, error: 'invalid', errors: { [NOTICE_FIELD[noticeCheck.error]]: noticeCheck.error } };
    countries = noticeCheck.countries;
  }
  // Read before the transaction: parsing a large PDF must not hold the database.
  const tagged = notice ? await pdfTagged(notice.bytes) : null;
  const before = isNew ? null : await eventForStaff(db, input.id as number);
  if (!isNew && (!before || before.fundId !== input.fundId)) return { ok: false, error: 'unknown-event' };
  if (before && sameValues(before, values)) return { ok: true, id: before.id, changed: false, noticeId: null, tagged: null };
  const row = { type: values.type, tool: values.tool, title: values.title, body: values.body, announcedOn: values.announcedOn, effectiveOn: values.effectiveOn, endsOn: values.endsOn };
  const outcome = await db.transaction(async (tx) => {
    let id: number;
    if (before) {
      const updated = await tx.update(fundEvents).set({ ...row, updatedAt: new Date() }).where(eq(fundEvents.id, before.id)).returning({ id: fundEvents.id });
      if (updated.length === 0) return null;
      id = before.id;
      await tx.delete(fundEventShares).where(eq(fundEventShares.eventId, id));
    } else {
      const [inserted] = await tx
        .insert(fundEvents)
        .values({ fundId: input.fundId, ...row })
        .returning({ id: fundEvents.id });
      if (!inserted) throw new Error('fund event not inserted');
      id = inserted.id;
    }
    await tx.insert(fundEventShares).values(values.shareIds.map((shareId) => ({ eventId: id, shareId })));
    await recordAudit(tx, {
      actor,
      entity: 'fund_event',
      entityId: id,
      action: before ? 'update' : 'create',
      before: before ? audited({ ...before, shareIds: before.shares.map((s) => s.id) }) : null,
      after: audited({ fundId: input.fundId, ...row, shareIds: values.shareIds }),
    });
    const stored = notice ? await storeNotice(tx, { id, fundId: input.fundId, title: values.title, announcedOn: values.announcedOn }, notice, countries, tagged, actor) : null;
    return { id, noticeId: stored?.id ?? null };
  });
  if (!outcome) return { ok: false, error: 'unknown-event' };
  await publishEvent(db, input.fundId, [...new Set([...values.shareIds, ...(before?.shares.map((s) => s.id) ?? [])])]);
  return { ok: true, id: outcome.id, changed: true, noticeId: outcome.noticeId, tagged };
}

/** Deletes an event; its share classes and notice PDFs go with it (the database cascades; the notices are audited one by one). */
export async function deleteEvent(db: Db, id: number, actor: Actor): Promise<{ ok: true } | { ok: false; error: 'unknown-event' }> {
  const before = await eventForStaff(db, id);
  if (!before) return { ok: false, error: 'unknown-event' };
  const done = await db.transaction(async (tx) => {
    const files = await tx.select(versionColumns).from(documents).where(eq(documents.eventId, id));
    for (const file of files) await recordAudit(tx, { actor, entity: 'document', entityId: file.id, action: 'delete', before: { ...file, eventId: id }, after: null });
    const deleted = await tx.delete(fundEvents).where(eq(fundEvents.id, id)).returning({ id: fundEvents.id });
    if (deleted.length === 0) return false;
    await recordAudit(tx, { actor, entity: 'fund_event', entityId: id, action: 'delete', before: audited({ ...before, shareIds: before.shares.map((s) => s.id) }), after: null });
    return true;
  });
  if (!done) return { ok: false, error: 'unknown-event' };
  await publishEvent(db, before.fundId, before.shares.map((s) => s.id));
  return { ok: true };
}

/** Adds a notice PDF to an event: the current one of its language and countries, the one it replaces kept as history. */
export async function attachNotice(db: Db, input: NoticeUpload & { eventId: number }, actor: Actor): Promise<NoticeResult> {
  const event = await eventForStaff(db, input.eventId);
  if (!event) return { ok: false, error: 'unknown-event' };
  const check = await checkNotice(db, input, input.bytes);
  if (!check.ok) return check;
  const tagged = await pdfTagged(input.bytes);
  const stored = await db.transaction((tx) => storeNotice(tx, event, input, check.countries, tagged, actor));
  if (stored.changed) await publishEvent(db, event.fundId, event.shares.map((s) => s.id));
  return { ok: true, ...stored, tagged };
}

/** Removes one notice PDF of an event (a version of another event is unknown); the version it replaced, if any, comes back. */
export async function detachNotice(db: Db, eventId: number, documentId: number, actor: Actor): Promise<{ ok: true } | { ok: false; error: 'unknown-notice' }> {
  const event = await eventForStaff(db, eventId);
  if (!event) return { ok: false, error: 'unknown-notice' };
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .select(versionColumns)
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.eventId, eventId), eq(documents.documentTypeCode, NOTICE_TYPE)));
    if (!row) return false;
    await deleteDocumentVersion(tx, row, actor);
    return true;
  });
  if (!done) return { ok: false, error: 'unknown-notice' };
  await publishEvent(db, event.fundId, event.shares.map((s) => s.id));
  return { ok: true };
}

/** The share classes of a fund by ISIN (the import API names them so): ids, or the ISINs that are not the fund's. */
export async function shareIdsByIsin(db: Executor, fundId: number, isins: readonly string[]): Promise<{ ok: true; ids: number[] } | { ok: false; unknown: string[] }> {
  const wanted = [...new Set(isins.map((i) => i.trim().toUpperCase()))];
  const rows = wanted.length === 0 ? [] : await db.select({ id: shares.id, isin: shares.isinCode }).from(shares).where(and(eq(shares.fundId, fundId), inArray(shares.isinCode, wanted)));
  const found = new Map(rows.map((r) => [r.isin, r.id]));
  const unknown = wanted.filter((i) => !found.has(i));
  return unknown.length > 0 ? { ok: false, unknown } : { ok: true, ids: wanted.map((i) => found.get(i) as number) };
}
