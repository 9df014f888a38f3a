/**
 * The one clock of dated content (src/server/clock, docs/decisions/064, issue 44).
 *
 * The clock here is the real one: the database's `now()` and this process's timers, nothing mocked.
 * Moments with a time (a scheduled article, an approved change's effective date) are set a few
 * seconds after the database's `now()`, and the test waits for them. Moments that are the start of a
 * UTC day (a registration's `withdrawn_on`, an event's effective day) cannot be waited for in a test
 * run: their row is dated today and the clock's mark (app_setting `clock.published_up_to`, the
 * moment it last published) is put back to just before today began — which is exactly what the
 * clock sees when the day began between two of its checks, or while every process was down. The
 * clock then finds today's boundary in its window by the database's date and publishes it: the
 * fund catalog this process keeps in memory (what the share pages read) changes, and the shared
 * cache receives the purge, within 5 s. The shared cache is a plain HTTP listener recording the
 * PURGE requests, as Varnish's xkey purge would receive them (tests/integration/cache-purge.int.test.ts).
 * On PostgreSQL a second process (tests/support/clock-process.ts) runs its own clock on the same
 * database: it publishes the same moment for itself, and after a restart across the moment it
 * catches up, shared cache included.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET } from '../../src/app/e/[locale]/docs/funds/[fundSlug]/[...rest]/route';
import { addDays } from '../../src/domain/dates';
import { archiveStart } from '../../src/domain/documents/library';
import { startOfUtcDay } from '../../src/domain/events/day-changes';
import { audienceTag, registrationKey } from '../../src/domain/registrations/audience';
import { shareTag } from '../../src/domain/content/cache-tags';
import { ROLES, type Role } from '../../src/domain/staff/roles';
import { env } from '../../src/env';
import { saveChange } from '../../src/server/approval/door';
import { approveChange, type Person } from '../../src/server/approval/service';
import { createStaffAccount } from '../../src/server/auth/accounts';
import { setPurgeAdapter, varnishPurge } from '../../src/server/cache/purge';
import { approvalDuty } from '../../src/server/approval/clock-duty';
import { loadOfferedLocales } from '../../src/server/site/languages-queries';
import { MARK_KEY, addClockDuty, clockScope, nextMomentOf, readClockMark, rearmClock, startClock, stopClock } from '../../src/server/clock/schedule';
import { documentsSource, eventsSource, newsSource, registrationsSource } from '../../src/server/clock/sources';
import { databaseToday } from '../../src/server/clock/database-time';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { rawCatalog } from '../../src/server/funds/catalog';

const url = process.env.DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../..');

type Purge = { at: number; tags: string[] };
let server: Server;
let purgeUrl = '';
let purges: Purge[] = [];
const people = {} as Record<Role, Person>;
type Cell = { shareId: number; share: string; fund: string; fundId: number; country: string; profile: string };
let cells: Cell[] = [];
let today = '';

async function dbNow(): Promise<Date> {
  return (await readClockMark(await getDb())).now;
}

/** The clock last published just before today began: the day's boundary is in its next window. */
async function markBeforeToday(): Promise<void> {
  const db = await getDb();
  await db.update(t.appSettings).set({ value: new Date(startOfUtcDay(today).getTime() - 1_000).toISOString() }).where(eq(t.appSettings.key, MARK_KEY));
}

async function isRegistered(cell: Cell): Promise<boolean> {
  return (await rawCatalog(await getDb())).registered.has(registrationKey(cell.shareId, cell.country, cell.profile));
}

async function until<T>(what: string, read: () => Promise<T | undefined | false>, ms = 10_000): Promise<{ value: T; at: number }> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return { value, at: Date.now() };
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const purgedWith = (tag: string, since = 0) => async () => purges.find((p) => p.at >= since && p.tags.includes(tag));

beforeAll(async () => {
  server = createServer((req, res) => {
    purges.push({ at: Date.now(), tags: String(req.headers['xkey-purge'] ?? '').split(' ') });
    res.writeHead(200).end('Invalidated');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  purgeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  setPurgeAdapter(varnishPurge([purgeUrl]));
  // As src/instrumentation.ts does: approved changes at their effective date are a duty of the clock.
  addClockDuty(approvalDuty);
  const db = await getDb();
  today = (await dbNow()).toISOString().slice(0, 10);
  // Cells of the demo registered today and never withdrawn: one per audience.
  const rows = await db
    .select({ shareId: t.shares.id, share: t.shares.slug, fund: t.funds.slug, fundId: t.funds.id, country: t.shareRegistrations.countryCode, profile: t.shareRegistrations.investorProfile })
    .from(t.shareRegistrations)
    .innerJoin(t.shares, eq(t.shares.id, t.shareRegistrations.shareId))
    .innerJoin(t.funds, eq(t.funds.id, t.shares.fundId))
    .where(and(isNull(t.shareRegistrations.withdrawnOn), sql`${t.shareRegistrations.registeredOn} < ${today}`, inArray(t.shareRegistrations.countryCode, ['FR', 'ES'])))
    .orderBy(t.shareRegistrations.countryCode, t.shares.id)
    .limit(200);
  const seen = new Set<string>();
  cells = rows.filter((r) => !seen.has(`${r.country}|${r.profile}`) && seen.add(`${r.country}|${r.profile}`));
  if (cells.length < 4) throw new Error('the demo registers shares for several audiences in FR and ES');
  for (const role of ['editor', 'compliance'] as const) {
    if (!ROLES.includes(role)) throw new Error(`no ${role} role`);
    const email = `clock-${role}@fundhouse.test`;
    const created = await createStaffAccount(db, { email, role, password: 'a long enough password' }, { type: 'system', label: 'clock test' });
    if (!created.ok) throw new Error(`account ${role}: ${created.error}`);
    const [row] = await db.select({ id: t.staffUser.id }).from(t.staffUser).where(eq(t.staffUser.email, email));
    people[role] = { id: row!.id, label: email };
  }
});

afterAll(async () => {
  await stopClock();
  setPurgeAdapter(undefined);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  purges = [];
});

describe('the sources of the clock', () => {
  it('give their next moment after the database\'s now and what the moments of a window touch', async () => {
    const db = await getDb();
    const now = await dbNow();
    const tomorrow = startOfUtcDay(addDays(today, 1));
    const around = (moment: Date) => [new Date(moment.getTime() - 1_000), new Date(moment.getTime() + 1_000)] as const;
    const [cell] = cells;

    // A registration withdrawn from tomorrow: it changes when tomorrow begins (UTC), for its audience, share and fund.
    await db.update(t.shareRegistrations).set({ withdrawnOn: addDays(today, 1) }).where(and(eq(t.shareRegistrations.shareId, cell!.shareId), eq(t.shareRegistrations.countryCode, cell!.country), eq(t.shareRegistrations.investorProfile, cell!.profile)));
    expect(await registrationsSource.next(db, now)).toEqual(tomorrow);
    const registrations = await registrationsSource.scope(db, ...around(tomorrow));
    expect(registrations?.registrations).toContainEqual({ country: cell!.country, profile: cell!.profile });
    expect(registrations?.funds).toContainEqual(expect.objectContaining({ slug: cell!.fund, shares: expect.arrayContaining([cell!.share]) }));
    // Within one day nothing begins.
    expect(await registrationsSource.scope(db, new Date(tomorrow.getTime() + 1_000), new Date(tomorrow.getTime() + 3_600_000))).toBeNull();

    // A fund event effective tomorrow.
    const [event] = await db
      .insert(t.fundEvents)
      .values({ fundId: cell!.fundId, type: 'suspension', title: { fr: 'S', en: 'S', es: 'S' }, body: { fr: 'S', en: 'S', es: 'S' }, announcedOn: addDays(today, -1), effectiveOn: addDays(today, 1) })
      .returning({ id: t.fundEvents.id });
    expect(await eventsSource.next(db, now)).toEqual(tomorrow);
    expect(await eventsSource.scope(db, ...around(tomorrow))).toMatchObject({ notices: true, funds: expect.arrayContaining([{ slug: cell!.fund }]) });

    // A scheduled article, an hour from now.
    const [article] = await db.select({ id: t.news.id }).from(t.news).where(eq(t.news.status, 'published')).orderBy(t.news.id).limit(1);
    const at = new Date(now.getTime() + 3_600_000);
    await db.update(t.news).set({ publishAt: at }).where(eq(t.news.id, article!.id));
    expect((await newsSource.next(db, now))!.getTime()).toBeLessThanOrEqual(at.getTime());
    expect(await newsSource.scope(db, ...around(at))).toMatchObject({ news: true });
    expect(await newsSource.scope(db, now, new Date(at.getTime() - 1))).toBeNull();

    // An archived KID replaced on the first day of the archive window leaves it tomorrow.
    const years = env().DOCUMENT_ARCHIVE_YEARS;
    const [kid] = await db.select().from(t.documents).where(and(eq(t.documents.documentTypeCode, 'KIID'), eq(t.documents.shareId, cell!.shareId))).limit(1);
    if (!kid) throw new Error('the demo share has a KID');
    const { id: _id, ...copy } = kid;
    const [archived] = await db
      .insert(t.documents)
      .values({ ...copy, supersededAt: startOfUtcDay(archiveStart(today, years)) })
      .returning({ id: t.documents.id });
    expect(await documentsSource(years).next(db, now)).toEqual(tomorrow);
    expect((await documentsSource(years).scope(db, ...around(tomorrow)))?.funds).toContainEqual({ slug: cell!.fund, shares: [cell!.share] });

    // Every source together, in one scope.
    const all = await clockScope(db, ...around(tomorrow));
    expect(all).toMatchObject({ notices: true, registrations: expect.arrayContaining([{ country: cell!.country, profile: cell!.profile }]) });

    await db.delete(t.documents).where(eq(t.documents.id, archived!.id));
    await db.delete(t.fundEvents).where(eq(t.fundEvents.id, event!.id));
    await db.update(t.news).set({ publishAt: null }).where(eq(t.news.id, article!.id));
    await db.update(t.shareRegistrations).set({ withdrawnOn: null }).where(and(eq(t.shareRegistrations.shareId, cell!.shareId), eq(t.shareRegistrations.countryCode, cell!.country), eq(t.shareRegistrations.investorProfile, cell!.profile)));
  });
});

describe('the shared cache keeps an archived version no longer than its next dated change', () => {
  it('bounds its surrogate lifetime by the next registration moment the clock knows', async () => {
    const db = await getDb();
    const cell = cells[0]!;
    const [share] = await db.select({ isin: t.shares.isinCode }).from(t.shares).where(eq(t.shares.id, cell.shareId));
    const [kid] = await db.select().from(t.documents).where(and(eq(t.documents.documentTypeCode, 'KIID'), eq(t.documents.shareId, cell.shareId), isNull(t.documents.supersededAt), inArray(t.documents.locale, [...(await loadOfferedLocales(db))]))).limit(1);
    if (!share || !kid) throw new Error('the demo share has a current KID');
    const { id: _id, ...copy } = kid;
    const [archived] = await db
      .insert(t.documents)
      .values({ ...copy, supersededAt: new Date((await dbNow()).getTime() - 86_400_000) })
      .returning({ id: t.documents.id });
    const path = `/e/${kid.locale}/docs/funds/${cell.fund}/${share.isin}/KIID/v/${archived!.id}`;
    const get = () =>
      GET(new Request(`http://localhost${path}`, { headers: { cookie: `investor_profile=${cell.profile}; investor_country=${cell.country}` } }), {
        params: Promise.resolve({ locale: kid.locale, fundSlug: cell.fund, rest: [share.isin, 'KIID', 'v', String(archived!.id)] }),
      });
    await startClock();
    // Withdrawn from tomorrow: the shared cache may keep the version until tomorrow begins, no longer.
    await db.update(t.shareRegistrations).set({ withdrawnOn: addDays(today, 1) }).where(and(eq(t.shareRegistrations.shareId, cell.shareId), eq(t.shareRegistrations.countryCode, cell.country), eq(t.shareRegistrations.investorProfile, cell.profile)));
    rearmClock();
    const tomorrow = startOfUtcDay(addDays(today, 1));
    await until('the clock knows the moment', async () => nextMomentOf(['registrations'])?.getTime() === tomorrow.getTime());
    // The reads that take today's date without a query (events, the archive window) take the database's, as the clock measured it.
    expect(databaseToday()).toBe(today);
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('surrogate-control') ?? '')?.[1]);
    const untilTomorrow = (tomorrow.getTime() - Date.now()) / 1000;
    expect(maxAge).toBeLessThanOrEqual(Math.ceil(untilTomorrow));
    expect(maxAge).toBeGreaterThan(untilTomorrow - 5);
    expect(res.headers.get('xkey')).toBe(`fund:${cell.fund} ${audienceTag(cell)}`);
    await db.update(t.shareRegistrations).set({ withdrawnOn: null }).where(and(eq(t.shareRegistrations.shareId, cell.shareId), eq(t.shareRegistrations.countryCode, cell.country), eq(t.shareRegistrations.investorProfile, cell.profile)));
    await db.delete(t.documents).where(eq(t.documents.id, archived!.id));
    rearmClock();
  });
});

describe('the running clock publishes at each moment, locally and to the shared cache', () => {
  it('a scheduled article and an effective-dated approval: within 5 s after their time', async () => {
    const db = await getDb();
    await startClock();
    const articles = await db.select({ id: t.news.id }).from(t.news).where(and(eq(t.news.status, 'published'), isNull(t.news.publishAt))).orderBy(t.news.id).limit(2);
    const [scheduled, withdrawn] = articles;
    if (!scheduled || !withdrawn) throw new Error('the demo has published articles');

    // An approved takedown of one article, effective in 6 s (through the approval door, as staff do).
    const effectiveAt = new Date((await dbNow()).getTime() + 6_000);
    const outcome = await saveChange(db, 'news.unpublish', { id: withdrawn.id }, people.editor!, { effectiveAt, note: 'clock test' });
    if (outcome.mode !== 'proposed') throw new Error(`proposed expected, got ${outcome.mode}`);
    expect(await approveChange(db, outcome.id, people.compliance!)).toEqual({ ok: true, status: 'approved' });
    // The other article goes online in 2 s (set behind the back of any command: the clock re-reads anyway).
    const publishAt = new Date((await dbNow()).getTime() + 2_000);
    await db.update(t.news).set({ publishAt }).where(eq(t.news.id, scheduled.id));
    rearmClock();

    const online = await until('the scheduled article purged', purgedWith('news', publishAt.getTime()));
    expect(online.at - publishAt.getTime()).toBeLessThan(5_000);
    const takenDown = await until('the takedown published', async () => {
      const [row] = await db.select({ status: t.news.status }).from(t.news).where(eq(t.news.id, withdrawn.id));
      return row?.status === 'draft';
    });
    expect(takenDown.at - effectiveAt.getTime()).toBeLessThan(5_000);
    const purged = await until('the takedown purged', purgedWith('news', effectiveAt.getTime()));
    expect(purged.at - effectiveAt.getTime()).toBeLessThan(5_000);
    // Nothing published before its time.
    expect(purges.filter((p) => p.at < publishAt.getTime() && p.tags.includes('news'))).toEqual([]);
  });

  it('a registration withdrawn and an event effective from today: the share\'s answer and the shared cache change within 5 s after the day\'s boundary is in the window', async () => {
    const db = await getDb();
    await startClock();
    const cell = cells[1]!;
    expect(await isRegistered(cell)).toBe(true);
    const [event] = await db
      .insert(t.fundEvents)
      .values({ fundId: cell.fundId, type: 'suspension', title: { fr: 'S', en: 'S', es: 'S' }, body: { fr: 'S', en: 'S', es: 'S' }, announcedOn: addDays(today, -3), effectiveOn: today })
      .returning({ id: t.fundEvents.id });
    // Recorded earlier as "withdrawn from tomorrow"; that day is today. Nothing published it: only the date passed.
    await db.update(t.shareRegistrations).set({ withdrawnOn: today }).where(and(eq(t.shareRegistrations.shareId, cell.shareId), eq(t.shareRegistrations.countryCode, cell.country), eq(t.shareRegistrations.investorProfile, cell.profile)));
    // What the old code served: the catalog loaded before the day kept the cell registered.
    expect(await isRegistered(cell)).toBe(true);

    await markBeforeToday();
    const started = Date.now();
    rearmClock();
    const withdrawn = await until('the share withdrawn in the catalog', async () => !(await isRegistered(cell)));
    expect(withdrawn.at - started).toBeLessThan(5_000);
    const purge = await until('the audience purged', purgedWith(audienceTag(cell)));
    expect(purge.at - started).toBeLessThan(5_000);
    expect(purge.value.tags).toEqual(expect.arrayContaining([shareTag(cell.fund, cell.share), `fund:${cell.fund}`, 'notices']));
    // The mark moved to the database's now: the next turn publishes nothing again.
    expect((await readClockMark(db)).mark.getTime()).toBeGreaterThan(startOfUtcDay(today).getTime());
    await db.delete(t.fundEvents).where(eq(t.fundEvents.id, event!.id));
  });

  it('catches up at start with what came due while it was stopped, shared cache included', async () => {
    const db = await getDb();
    await stopClock();
    const cell = cells[2]!;
    expect(await isRegistered(cell)).toBe(true);
    await db.update(t.shareRegistrations).set({ withdrawnOn: today }).where(and(eq(t.shareRegistrations.shareId, cell.shareId), eq(t.shareRegistrations.countryCode, cell.country), eq(t.shareRegistrations.investorProfile, cell.profile)));
    await markBeforeToday();
    expect(await isRegistered(cell)).toBe(true);
    const started = Date.now();
    await startClock();
    const purge = await until('the audience purged at start', purgedWith(audienceTag(cell)));
    expect(purge.at - started).toBeLessThan(5_000);
    expect(await isRegistered(cell)).toBe(false);
  });
});

type Line = { ready?: boolean; registered?: boolean };

/** Another serving process on the same database, running its own clock (PostgreSQL only: PGlite is one process). */
function otherProcess(cell: Cell) {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'tests/support/clock-process.ts', String(cell.shareId), cell.country, cell.profile], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, CACHE_PURGE_URL: purgeUrl },
  }) as ChildProcessWithoutNullStreams;
  const lines: { line: Line; at: number }[] = [];
  // Its log lines are JSON too: only the lines it prints for the test carry `ready` or `registered`.
  createInterface({ input: child.stdout }).on('line', (text) => {
    if (text.startsWith('{')) lines.push({ line: JSON.parse(text) as Line, at: Date.now() });
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const next = (match: (line: Line) => boolean, ms = 20_000) =>
    until('the other process', async () => lines.find((l) => match(l.line)), ms).catch((error: unknown) => {
      throw new Error(`${String(error)}; its stderr: ${stderr.slice(-2_000)}`);
    });
  const stop = () => new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.stdin.end();
  });
  return { next, stop };
}

describe.skipIf(!url)('two processes on PostgreSQL', () => {
  it('each publishes the day\'s boundary by its own clock, and one restarted across it catches up', async () => {
    const db = await getDb();
    const cell = cells[3]!;
    const other = otherProcess(cell);
    await other.next((l) => l.ready === true && l.registered === true);
    await db.update(t.shareRegistrations).set({ withdrawnOn: today }).where(and(eq(t.shareRegistrations.shareId, cell.shareId), eq(t.shareRegistrations.countryCode, cell.country), eq(t.shareRegistrations.investorProfile, cell.profile)));
    await markBeforeToday();
    const started = Date.now();
    // Any publication re-reads the clocks of the processes it reaches (here a page's, which the catalog does not follow).
    const { publishChange } = await import('../../src/server/publish/publish');
    await publishChange(db, { pages: ['clock-test'] });
    const changed = await other.next((l) => l.registered === false);
    expect(changed.at - started).toBeLessThan(5_000);
    await other.stop();

    // Stopped across the moment: restarted, it publishes the window to the shared cache.
    const again = cells[0]!;
    await db.update(t.shareRegistrations).set({ withdrawnOn: today }).where(and(eq(t.shareRegistrations.shareId, again.shareId), eq(t.shareRegistrations.countryCode, again.country), eq(t.shareRegistrations.investorProfile, again.profile)));
    await stopClock();
    await markBeforeToday();
    purges = [];
    const restarted = otherProcess(again);
    const { at: readyAt } = await restarted.next((l) => l.ready === true);
    const purge = await until('the restarted process purged the audience', purgedWith(audienceTag(again)));
    expect(purge.at - readyAt).toBeLessThan(5_000);
    await restarted.stop();
  });
});
