/**
 * Rows the fund alerts' digests read, written straight with Drizzle (the events, notices and
 * dividends have their own back-office and import paths; the alert tests only need rows): an
 * announced fund event with its share classes and a notice PDF per language, a fund or share
 * document, a dividend, NAVs.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import * as t from '../../src/server/db/schema';

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n% ${text}\n%%EOF\n`);

export async function fundOf(db: Db, slug: string) {
  const [fund] = await db.select({ id: t.funds.id }).from(t.funds).where(eq(t.funds.slug, slug));
  if (!fund) throw new Error(`no fund ${slug}`);
  // In ISIN order: a table's own order changes as rows are updated (on PostgreSQL, by another test too).
  const shares = await db.select({ id: t.shares.id, isin: t.shares.isinCode, name: t.shares.name }).from(t.shares).where(and(eq(t.shares.fundId, fund.id), eq(t.shares.active, true))).orderBy(t.shares.isinCode);
  return { id: fund.id, shares };
}

export async function insertEvent(
  db: Db,
  options: { fundId: number; shareIds: number[]; title: string; announcedOn: string; effectiveOn: string; createdAt: Date; notices?: { locale: string; title: string; countries?: string[] }[] },
): Promise<{ id: number; noticeIds: number[] }> {
  const [event] = await db
    .insert(t.fundEvents)
    .values({
      fundId: options.fundId,
      type: 'merger',
      title: { fr: options.title, en: options.title, es: options.title },
      body: { fr: options.title, en: options.title, es: options.title },
      announcedOn: options.announcedOn,
      effectiveOn: options.effectiveOn,
      createdAt: options.createdAt,
      updatedAt: options.createdAt,
    })
    .returning({ id: t.fundEvents.id });
  if (!event) throw new Error('event not stored');
  await db.insert(t.fundEventShares).values(options.shareIds.map((shareId) => ({ eventId: event.id, shareId })));
  const noticeIds: number[] = [];
  for (const notice of options.notices ?? []) {
    noticeIds.push(
      await insertDocument(db, { fundId: options.fundId, type: 'FUND_NOTICE', locale: notice.locale, title: notice.title, createdAt: options.createdAt, eventId: event.id, countries: notice.countries }),
    );
  }
  return { id: event.id, noticeIds };
}

export async function insertDocument(
  db: Db,
  options: { fundId?: number; shareId?: number; type: string; locale: string; title: string; createdAt: Date; eventId?: number; countries?: string[] },
): Promise<number> {
  const data = pdf(options.title);
  const [doc] = await db
    .insert(t.documents)
    .values({
      documentTypeCode: options.type,
      fundId: options.fundId ?? null,
      shareId: options.shareId ?? null,
      eventId: options.eventId ?? null,
      locale: options.locale,
      title: options.title,
      fileName: `${options.title.replace(/\W+/g, '-')}.pdf`,
      mimeType: 'application/pdf',
      size: data.byteLength,
      sha256: createHash('sha256').update(data).digest('hex'),
      data,
      publishedAt: options.createdAt.toISOString().slice(0, 10),
      countries: options.countries ?? [],
      createdAt: options.createdAt,
    })
    .returning({ id: t.documents.id });
  if (!doc) throw new Error('document not stored');
  return doc.id;
}

export async function insertDividend(db: Db, options: { shareId: number; exDate: string; amount: string; createdAt: Date }): Promise<void> {
  await db.insert(t.dividends).values({ shareId: options.shareId, exDate: options.exDate, recordDate: options.exDate, paymentDate: options.exDate, amount: options.amount, currencyCode: 'EUR', createdAt: options.createdAt });
}
