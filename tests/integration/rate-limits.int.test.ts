/**
 * The rate limits of the public posts (fund alerts, newsletter unsubscription, forms) tried as an
 * attacker (issue 44): they are counted in the database, so that a second app process does not grant
 * the same client or address a fresh allowance, flooding the counters with other keys does not reset
 * a victim's count, and an IPv6 client changing the low 64 bits of its address stays one client.
 *
 * "Another process" here is the posts' modules loaded anew with nothing of the previous ones' memory
 * (the rate counters they might keep on globalThis dropped): only the database is shared, as between
 * two processes. Run on PostgreSQL too: `bash scripts/postgres-integration.sh tests/integration/rate-limits.int.test.ts`.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink } from '../support/smtp-sink';

const SITE = 'https://www.fundhouse.test';
const smtp = await startSmtpSink();
process.env.PUBLIC_BASE_URL = SITE;
process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
process.env.SMTP_REQUIRE_TLS = 'false';

const { getDb } = await import('../../src/server/db');
const t = await import('../../src/server/db/schema');

afterAll(async () => {
  await smtp.stop();
});

type Posts = typeof import('../../src/server/alerts/posts');
type UnsubscribePosts = typeof import('../../src/server/privacy/unsubscribe-post');

/** The alert and unsubscribe posts as a new app process would run them: fresh modules, no counter kept in memory. */
async function anotherProcess(): Promise<{ alerts: Posts; newsletter: UnsubscribePosts }> {
  for (const key of Object.keys(globalThis)) if (/^__fundhouse.*Rate/.test(key)) delete (globalThis as Record<string, unknown>)[key];
  vi.resetModules();
  return { alerts: await import('../../src/server/alerts/posts'), newsletter: await import('../../src/server/privacy/unsubscribe-post') };
}

function subscribePost(posts: Posts, email: string, client: string) {
  return posts.handleSubscribePost(
    new Request(`${SITE}/api/alerts/subscribe`, {
      method: 'POST',
      body: new URLSearchParams({ locale: 'en', email, fund: 'aurore-actions-europe' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'investor_country=FR; investor_profile=RETAIL', 'x-fundhouse-client': client },
    }),
  );
}

/** A one-click post with a body that is not `List-Unsubscribe=One-Click`: 400 when let through, 429 when limited; no database work besides the count. */
async function oneClick(posts: Posts, client: string): Promise<number> {
  const response = await posts.handleOneClickPost(
    new Request(`${SITE}/api/alerts?token=x`, { method: 'POST', body: 'nothing', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-fundhouse-client': client } }),
  );
  return response.status;
}

async function confirmationMails(email: string): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: t.mailOutbox.id }).from(t.mailOutbox).where(and(eq(t.mailOutbox.kind, 'fund-alerts'), eq(t.mailOutbox.to, email)))).length;
}

/** Runs `n` calls, `width` at a time (a flood, as fast as the database takes it). */
async function flood(n: number, width: number, call: (i: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < n; start += width) await Promise.all(Array.from({ length: Math.min(width, n - start) }, (_, j) => call(start + j)));
}

describe('fund alerts: the limits are shared by every process', () => {
  it('sends an address 3 confirmation mails an hour in all, whichever process and client the requests reach', async () => {
    const email = 'target@example.com';
    let first: Posts | null = null;
    for (let i = 1; i <= 6; i += 1) {
      const { alerts } = await anotherProcess();
      first ??= alerts;
      // Over the bound the answer is the usual one: it never tells that the address is in use.
      expect((await subscribePost(alerts, email, `198.51.100.${i}`)).headers.get('location')).toBe('/en/alerts?result=sent');
    }
    expect(await confirmationMails(email)).toBe(first?.SUBSCRIBE_RATE.perAddress);
    // The database holds keyed hashes of the address and the client, never the address itself.
    const db = await getDb();
    expect(await db.select().from(t.rateLimits).where(like(t.rateLimits.key, '%target%'))).toEqual([]);
    expect(await db.select().from(t.rateLimits).where(like(t.rateLimits.key, '%198.51.100%'))).toEqual([]);
  });

  it('lets a client through its 20 link posts in 10 minutes across two processes, even sent at once, then answers 429', async () => {
    const one = (await anotherProcess()).alerts;
    const two = (await anotherProcess()).alerts;
    const statuses = await Promise.all(Array.from({ length: 2 * one.LINK_RATE }, (_, i) => oneClick(i % 2 === 0 ? one : two, '192.0.2.10')));
    expect(statuses.filter((s) => s === 400)).toHaveLength(one.LINK_RATE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(one.LINK_RATE);
  });

  it('keeps a limited client limited however many other clients flood the counters', async () => {
    const { alerts } = await anotherProcess();
    for (let i = 0; i < alerts.LINK_RATE; i += 1) expect(await oneClick(alerts, '192.0.2.66')).toBe(400);
    expect(await oneClick(alerts, '192.0.2.66')).toBe(429);
    // More distinct clients than an in-memory table of 10,000 entries keeps.
    await flood(10_001, 25, (i) => oneClick(alerts, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`));
    expect(await oneClick(alerts, '192.0.2.66')).toBe(429);
    expect(await oneClick((await anotherProcess()).alerts, '192.0.2.66')).toBe(429);
  }, 300_000);

  it('counts an IPv6 client by its /64: changing the interface bits does not make a new client', async () => {
    const { alerts } = await anotherProcess();
    const random = () => Math.floor(Math.random() * 0x10000).toString(16);
    for (let i = 0; i < alerts.LINK_RATE; i += 1) expect(await oneClick(alerts, `2001:db8:42:7:${random()}:${random()}:${random()}:${i.toString(16)}`)).toBe(400);
    expect(await oneClick(alerts, '2001:db8:42:7::ffff')).toBe(429);
    expect(await oneClick(alerts, '2001:0db8:0042:0007:1:2:3:4')).toBe(429);
    // Another /64 is another client.
    expect(await oneClick(alerts, '2001:db8:42:8::1')).toBe(400);
  });
});

describe('newsletter unsubscription: the limit is shared by every process', () => {
  it('refuses the eleventh post of a client in 10 minutes, even when it reaches another process', async () => {
    const post = async (newsletter: UnsubscribePosts) =>
      (
        await newsletter.handleUnsubscribePost(
          new Request(`${SITE}/api/newsletter/unsubscribe`, {
            method: 'POST',
            body: new URLSearchParams({ token: 'x', locale: 'en' }),
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, 'x-fundhouse-client': '2001:db8:99:1::1' },
          }),
        )
      ).headers.get('location');
    for (let i = 0; i < 10; i += 1) expect(await post((await anotherProcess()).newsletter)).toBe('/en/unsubscribe?result=invalid');
    expect(await post((await anotherProcess()).newsletter)).toBe('/en/unsubscribe?result=limited');
  });
});
