/**
 * Fund events and their notice PDFs written straight into a database (issue 34), for the public
 * side's tests: the staff side writes them through the approval door and the import API
 * (src/server/events/commands.ts); here only the table shapes matter.
 */
import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import * as t from '@/server/db/schema';
import type { FundEventType, LiquidityTool } from '@/domain/events/model';
import { samplePdf } from './sample-documents';

export type EventFixture = {
  fundSlug: string;
  /** ISINs of the classes concerned; all the fund's when omitted. */
  isins?: string[];
  type: FundEventType;
  tool?: LiquidityTool | null;
  title: { fr: string; en?: string; es?: string };
  body?: { fr: string; en?: string; es?: string };
  announcedOn: string;
  effectiveOn: string;
  endsOn?: string | null;
  /** Notice PDFs: one per entry (language, and countries where it differs). */
  notices?: { locale: string; countries?: string[]; title?: string; published?: boolean }[];
};

/** A day relative to today (UTC), as YYYY-MM-DD. */
export const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Inserts an event, its share classes and its notice PDFs; returns their ids. */
export async function insertEvent(db: Db, e: EventFixture): Promise<{ eventId: number; documentIds: number[]; shareIds: number[] }> {
  const [fund] = await db.select({ id: t.funds.id }).from(t.funds).where(eq(t.funds.slug, e.fundSlug));
  if (!fund) throw new Error(`no fund ${e.fundSlug}`);
  const shares = await db
    .select({ id: t.shares.id, isin: t.shares.isinCode })
    .from(t.shares)
    .where(e.isins ? inArray(t.shares.isinCode, e.isins) : eq(t.shares.fundId, fund.id));
  if (shares.length === 0) throw new Error(`no share class for ${e.fundSlug}`);
  const [event] = await db
    .insert(t.fundEvents)
    .values({
      fundId: fund.id,
      type: e.type,
      tool: e.tool ?? null,
      title: e.title,
      body: e.body ?? { fr: '' },
      announcedOn: e.announcedOn,
      effectiveOn: e.effectiveOn,
      endsOn: e.endsOn ?? null,
    })
    .returning({ id: t.fundEvents.id });
  if (!event) throw new Error('event not inserted');
  await db.insert(t.fundEventShares).values(shares.map((s) => ({ eventId: event.id, shareId: s.id })));
  const documentIds: number[] = [];
  for (const notice of e.notices ?? []) {
    const data = samplePdf(`Notice ${event.id} ${notice.locale}`);
    const [doc] = await db
      .insert(t.documents)
      .values({
        documentTypeCode: 'FUND_NOTICE',
        fundId: fund.id,
        eventId: event.id,
        locale: notice.locale,
        title: notice.title ?? `Notice ${notice.locale}`,
        fileName: `notice-${event.id}-${notice.locale}.pdf`,
        mimeType: 'application/pdf',
        size: data.byteLength,
        sha256: createHash('sha256').update(data).digest('hex'),
        data,
        publishedAt: e.announcedOn,
        published: notice.published ?? true,
        countries: notice.countries ?? [],
      })
      .returning({ id: t.documents.id });
    if (doc) documentIds.push(doc.id);
  }
  return { eventId: event.id, documentIds, shareIds: shares.map((s) => s.id) };
}

/** Inserts a dividend of a share class. */
export async function insertDividend(db: Db, isin: string, d: { exDate: string; recordDate: string; paymentDate: string; amount: string; currency?: string }): Promise<void> {
  const [share] = await db.select({ id: t.shares.id, currency: t.shares.currencyCode }).from(t.shares).where(eq(t.shares.isinCode, isin));
  if (!share) throw new Error(`no share class ${isin}`);
  await db.insert(t.dividends).values({ shareId: share.id, exDate: d.exDate, recordDate: d.recordDate, paymentDate: d.paymentDate, amount: d.amount, currencyCode: d.currency ?? share.currency });
}
