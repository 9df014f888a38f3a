/**
 * The fund events' days (the clock's events source, src/server/clock/sources.ts): each serving process wakes when the next
 * announcement, effective or end day of an event begins, and expires the pages of the funds and
 * shares whose events changed in view that day, with the notices list and feeds.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { eventDayScope, nextEventDay } from '../../src/server/clock/sources';

const day = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const ids: number[] = [];
let today = '';

beforeAll(async () => {
  const db = await getDb();
  today = (await nextEventDay(db)).today;
  const [fundA, fundB] = await db.select({ id: t.funds.id, slug: t.funds.slug }).from(t.funds).orderBy(t.funds.id).limit(2);
  if (!fundA || !fundB) throw new Error('the demo has funds');
  const sharesOf = async (fundId: number) => (await db.select({ id: t.shares.id }).from(t.shares).where(inArray(t.shares.fundId, [fundId]))).map((s) => s.id);
  const text = { fr: 'Avis', en: 'Notice', es: 'Aviso' };
  const rows = await db
    .insert(t.fundEvents)
    .values([
      // Announced two days ago, suspended from tomorrow until in five days.
      { fundId: fundA.id, type: 'suspension', title: text, body: text, announcedOn: day(today, -2), effectiveOn: day(today, 1), endsOn: day(today, 5) },
      // A merger announced in three days.
      { fundId: fundB.id, type: 'merger', title: text, body: text, announcedOn: day(today, 3), effectiveOn: day(today, 30) },
    ])
    .returning({ id: t.fundEvents.id });
  ids.push(...rows.map((r) => r.id));
  const [sharesA, sharesB] = [await sharesOf(fundA.id), await sharesOf(fundB.id)];
  await db.insert(t.fundEventShares).values([...sharesA.slice(0, 1).map((shareId) => ({ eventId: ids[0]!, shareId })), ...sharesB.map((shareId) => ({ eventId: ids[1]!, shareId }))]);
});

afterAll(async () => {
  if (ids.length > 0) await (await getDb()).delete(t.fundEvents).where(inArray(t.fundEvents.id, ids));
});

describe('the fund events schedule', () => {
  it('wakes on the next day an event changes in view, whichever of its days it is', async () => {
    const db = await getDb();
    expect((await nextEventDay(db)).next).toBe(day(today, 1));
    await db.update(t.fundEvents).set({ effectiveOn: day(today, 4) }).where(inArray(t.fundEvents.id, [ids[0]!]));
    expect((await nextEventDay(db)).next).toBe(day(today, 3));
    await db.update(t.fundEvents).set({ effectiveOn: day(today, 1) }).where(inArray(t.fundEvents.id, [ids[0]!]));
  });

  it('expires the funds, shares and notices of the events whose day began since the last check, and nothing for an empty window', async () => {
    const db = await getDb();
    const [fundA, fundB] = await db.select({ slug: t.funds.slug }).from(t.funds).orderBy(t.funds.id).limit(2);
    const [shareA] = await db.select({ slug: t.shares.slug }).from(t.fundEventShares).innerJoin(t.shares, eq(t.shares.id, t.fundEventShares.shareId)).where(inArray(t.fundEventShares.eventId, [ids[0]!]));
    expect(await eventDayScope(db, today, today)).toBeNull();
    expect(await eventDayScope(db, today, day(today, 1))).toEqual({ notices: true, funds: [{ slug: fundA!.slug, shares: [shareA!.slug] }] });
    const later = await eventDayScope(db, day(today, 1), day(today, 5));
    // The suspension's end and the merger's announcement: both funds, each once.
    expect(later?.funds?.map((f) => f.slug).sort()).toEqual([fundA!.slug, fundB!.slug].sort());
    expect(await eventDayScope(db, day(today, 5), day(today, 29))).toBeNull();
  });
});
