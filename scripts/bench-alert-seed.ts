/**
 * The fund alerts bench's data (scripts/bench-alert-digests.ts): in the PGlite folder PGLITE_DIR
 * (migrated here, seeded with the demo), confirmed subscribers spread over the demo's audiences and a
 * day's publications. Set PGLITE_DIR before importing: the database module reads it once.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsx = [path.join(root, 'node_modules/.bin/tsx'), '--conditions=react-server'];
const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;

/** Step 1: the subscribers and a day's publications, written before the server opens the folder. */
export async function seed(now: Date, SUBSCRIBERS: number): Promise<{ subscriptions: number; audiences: number; writeSeconds: number }> {
  execFileSync(tsx[0] as string, [...tsx.slice(1), 'scripts/db-migrate.ts'], { cwd: root, env: { ...process.env }, stdio: 'ignore' });
  const { openDatabase } = await import('@/server/db/client');
  const t = await import('@/server/db/schema');
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
    // (audience number, position of the fund in the audience's list, fund, length of the list)
    const rows = audiences.flatMap((a, index) => {
      const funds = [...new Set(cells.filter((c) => c.country === a.country && c.profile === a.profile).map((c) => c.fundId))].sort((x, y) => x - y);
      return funds.map((fundId, position) => sql`(${index}::int, ${position}::int, ${fundId}::int, ${funds.length}::int)`);
    });
    const audienceRows = audiences.map((a, index) => sql`(${index}::int, ${a.country}::text, ${a.profile}::text)`);
    const confirmed = new Date(now.getTime() - 2 * 86_400_000);
    const lastDigest = new Date(now.getTime() - 86_400_000);
    const started = process.hrtime.bigint();
    // Subscriber i: audience i mod n, language i mod 3, a quarter never sent a digest; its id is derived from i.
    await db.execute(sql`
      with audience(a, country, profile) as (values ${sql.join(audienceRows, sql`, `)})
      insert into alert_subscriber (id, email, locale, country_code, investor_profile, manage_token_hash, created_at, last_digest_at)
      select md5('bench-subscriber-' || i)::uuid, 'subscriber-' || i || '@bench.example', (array['fr', 'en', 'es'])[1 + i % 3],
             audience.country, audience.profile, md5('bench-token-' || i) || md5('bench-token-2-' || i),
             ${confirmed.toISOString()}::timestamptz, case when i % 4 = 0 then null else ${lastDigest.toISOString()}::timestamptz end
      from generate_series(0, ${SUBSCRIBERS - 1}::int) i join audience on audience.a = i % ${audiences.length}::int`);
    // One to three funds each (i mod 3 + 1, at most the audience's), from position i on; a third with the NAV summary.
    await db.execute(sql`
      with cell(a, position, fund_id, n) as (values ${sql.join(rows, sql`, `)})
      insert into alert_subscription (subscriber_id, fund_id, nav_summary, confirmed_at, created_at)
      select md5('bench-subscriber-' || i)::uuid, cell.fund_id, i % 3 = 0, ${confirmed.toISOString()}::timestamptz, ${confirmed.toISOString()}::timestamptz
      from generate_series(0, ${SUBSCRIBERS - 1}::int) i cross join generate_series(0, 2) k
      join cell on cell.a = i % ${audiences.length}::int and cell.position = (i + k) % cell.n
      where k < least(1 + i % 3, cell.n)`);
    const writeSeconds = seconds(started);
    const [{ n: subscriptions } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(t.alertSubscriptions);

    // A day's publications: a KID per share and language, an event with notices and a dividend per fund.
    const locales = ['fr', 'en', 'es'];
    const published = new Date(now.getTime() - 3_600_000);
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
    return { subscriptions: Number(subscriptions), audiences: audiences.length, writeSeconds };
  } finally {
    await database.close();
  }
}

