/**
 * `npm run bench:alert-digests`: the fund alerts' daily digests at scale (docs/operations.md "Fund
 * alerts"). On a fresh demo database (PGlite, in a temporary folder) it writes BENCH_SUBSCRIBERS
 * (default 100,000) confirmed subscribers spread over the demo's countries, profiles, languages and
 * funds (one to three funds each, a third with the NAV summary), and a day's publications (a new KID
 * per share and language, an event with its notices per fund, a dividend per fund); then it builds
 * every digest due, as the worker does, and prints the time, the peak resident memory and heap
 * (sampled every 20 ms), the batches and the mails queued. The bound that matters is the memory: it
 * follows the batch (DIGEST_BATCH subscribers), not the number of subscribers. Nothing passes or fails.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'bench-alerts-'));
// Before anything reads the environment: the bench's own database.
process.env.PGLITE_DIR = path.join(dir, 'db');
process.env.PUBLIC_BASE_URL ??= 'https://www.fundhouse.test';
delete process.env.DATABASE_URL;
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const INSERT_BATCH = 5_000;
const tsx = [path.join(root, 'node_modules/.bin/tsx'), '--conditions=react-server'];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

try {
  execFileSync(tsx[0] as string, [...tsx.slice(1), 'scripts/db-migrate.ts'], { cwd: root, env: { ...process.env }, stdio: 'ignore' });
  const { openDatabase } = await import('@/server/db/client');
  const t = await import('@/server/db/schema');
  const { buildDigests } = await import('@/server/alerts/digest');
  const { registeredToday } = await import('@/server/funds/catalog');
  const { and, eq, sql } = await import('drizzle-orm');
  const database = await openDatabase();
  const db = database.db;
  try {
    // The audiences that see at least one fund: the matrix's (country, profile) cells.
    const cells = await db
      .selectDistinct({ country: t.shareRegistrations.countryCode, profile: t.shareRegistrations.investorProfile, fundId: t.shares.fundId })
      .from(t.shareRegistrations)
      .innerJoin(t.shares, eq(t.shares.id, t.shareRegistrations.shareId))
      .where(and(registeredToday(), eq(t.shares.active, true)));
    const audiences = [...new Map(cells.map((c) => [`${c.country}/${c.profile}`, c])).values()];
    const fundsOf = (country: string, profile: string) => [...new Set(cells.filter((c) => c.country === country && c.profile === profile).map((c) => c.fundId))];
    const locales = ['fr', 'en', 'es'];
    const now = new Date();
    const confirmed = new Date(now.getTime() - 2 * 86_400_000);
    const lastDigest = new Date(now.getTime() - 86_400_000);
    const published = new Date(now.getTime() - 3_600_000);

    let started = process.hrtime.bigint();
    for (let from = 0; from < SUBSCRIBERS; from += INSERT_BATCH) {
      const subscribers: (typeof t.alertSubscribers.$inferInsert)[] = [];
      const subscriptions: (typeof t.alertSubscriptions.$inferInsert)[] = [];
      for (let i = from; i < Math.min(SUBSCRIBERS, from + INSERT_BATCH); i += 1) {
        const audience = audiences[i % audiences.length] as (typeof audiences)[number];
        const id = randomUUID();
        subscribers.push({
          id,
          email: `subscriber-${i}@bench.example`,
          locale: locales[i % locales.length] as string,
          countryCode: audience.country,
          investorProfile: audience.profile,
          manageTokenHash: randomBytes(32).toString('hex'),
          createdAt: confirmed,
          lastDigestAt: i % 4 === 0 ? null : lastDigest,
        });
        const funds = fundsOf(audience.country, audience.profile);
        const count = 1 + (i % 3);
        for (let k = 0; k < Math.min(count, funds.length); k += 1) {
          subscriptions.push({ subscriberId: id, fundId: funds[(i + k) % funds.length] as number, navSummary: i % 3 === 0, confirmedAt: confirmed, createdAt: confirmed });
        }
      }
      await db.insert(t.alertSubscribers).values(subscribers);
      await db.insert(t.alertSubscriptions).values(subscriptions);
    }
    const [{ n: subscriptionCount } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(t.alertSubscriptions);
    console.log(`${SUBSCRIBERS.toLocaleString('en')} subscribers, ${Number(subscriptionCount).toLocaleString('en')} subscriptions over ${audiences.length} audiences, written in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);

    // A day's publications: a KID per share and language, an event with notices and a dividend per fund.
    const shares = await db.select({ id: t.shares.id, fundId: t.shares.fundId, currency: t.shares.currencyCode }).from(t.shares).where(eq(t.shares.active, true));
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n');
    const doc = (values: Partial<typeof t.documents.$inferInsert> & { documentTypeCode: string; locale: string; title: string }) => ({
      fileName: 'bench.pdf',
      mimeType: 'application/pdf',
      size: pdf.byteLength,
      sha256: '0'.repeat(64),
      data: pdf,
      publishedAt: now.toISOString().slice(0, 10),
      createdAt: published,
      ...values,
    });
    await db.insert(t.documents).values(shares.flatMap((s) => locales.map((locale) => doc({ documentTypeCode: 'KIID', shareId: s.id, locale, title: `KID ${s.id} ${locale}` }))));
    for (const fundId of [...new Set(shares.map((s) => s.fundId))]) {
      const fundShares = shares.filter((s) => s.fundId === fundId);
      const title = { fr: 'Changement de prospectus', en: 'Prospectus change', es: 'Cambio de folleto' };
      const [event] = await db
        .insert(t.fundEvents)
        .values({ fundId, type: 'prospectus-change', title, body: title, announcedOn: now.toISOString().slice(0, 10), effectiveOn: '2099-01-01', createdAt: published, updatedAt: published })
        .returning({ id: t.fundEvents.id });
      if (!event) continue;
      await db.insert(t.fundEventShares).values(fundShares.map((s) => ({ eventId: event.id, shareId: s.id })));
      await db.insert(t.documents).values(locales.map((locale) => doc({ documentTypeCode: 'FUND_NOTICE', fundId, eventId: event.id, locale, title: `Notice ${fundId} ${locale}` })));
      const first = fundShares[0];
      if (first) {
        await db
          .insert(t.dividends)
          .values({ shareId: first.id, exDate: now.toISOString().slice(0, 10), recordDate: now.toISOString().slice(0, 10), paymentDate: now.toISOString().slice(0, 10), amount: '1.5', currencyCode: first.currency, createdAt: published })
          .onConflictDoNothing();
      }
    }

    // The run, its memory sampled.
    global.gc?.();
    const baseline = process.memoryUsage();
    let peakHeap = baseline.heapUsed;
    let peakRss = baseline.rss;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    }, 20);
    started = process.hrtime.bigint();
    const run = await buildDigests(db, { now });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    const [{ n: queued } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(t.mailOutbox).where(eq(t.mailOutbox.kind, 'fund-alerts'));
    console.log(
      `digests: ${run.subscribers.toLocaleString('en')} subscribers in ${run.batches} batches, ${run.mails.toLocaleString('en')} mails queued (${Number(queued).toLocaleString('en')} in the outbox), ` +
        `${seconds.toFixed(1)} s (${Math.round(run.subscribers / seconds).toLocaleString('en')} subscribers/s)`,
    );
    console.log(`memory: heap ${mb(baseline.heapUsed)} before, peak ${mb(peakHeap)}; RSS ${mb(baseline.rss)} before, peak ${mb(peakRss)} (PGlite's WebAssembly heap included)`);
    const again = await buildDigests(db, { now: new Date(now.getTime() + 1000) });
    console.log(`a second run the same day: ${again.subscribers} subscribers, ${again.mails} mails`);
  } finally {
    await database.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
