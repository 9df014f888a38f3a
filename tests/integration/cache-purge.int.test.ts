/**
 * The shared cache's purge by tag (src/server/cache/purge.ts, docs/decisions/056): a publication
 * sends the tags it expires to the purge URL, at once and again after the other processes had time
 * to expire theirs; a purge that keeps failing raises the team's alert. The purge endpoint here is a
 * plain HTTP server that records what it receives, as Varnish's xkey purge would (the resilience
 * suite's `cache` part purges a real Varnish).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// env() is read once, on first use: configure before the modules under test run.
process.env.ALERT_EMAIL = 'purge-oncall@fundhouse.test';
delete process.env.SMTP_URL; // alert mails stay in the outbox, where the test reads them

const { publishChange } = await import('../../src/server/publish/publish');
const { setPurgeAdapter, settlePurges, varnishPurge } = await import('../../src/server/cache/purge');
const { forgetAlertMemory } = await import('../../src/server/log/alerts');
const { getDb } = await import('../../src/server/db');
const schema = await import('../../src/server/db/schema');
const { eq } = await import('drizzle-orm');

type Received = { method: string; tags: string };
let server: Server;
let url: string;
let received: Received[] = [];
let answer = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push({ method: req.method ?? '', tags: String(req.headers['xkey-purge'] ?? '') });
    res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'Invalidated 3 objects' : 'no');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  setPurgeAdapter(undefined);
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  received = [];
  answer = 200;
  forgetAlertMemory();
});

async function alertMails() {
  const db = await getDb();
  return db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, 'purge-oncall@fundhouse.test'));
}

describe('a publication purges the shared cache by the tags it expires', () => {
  it('sends PURGE with the tags, at once and once more after the other processes were told', async () => {
    setPurgeAdapter(varnishPurge([url]));
    const db = await getDb();
    await publishChange(db, { funds: [{ slug: 'aurore-patrimoine', shares: ['fr0010000001'] }] });
    await settlePurges();
    expect(received).toHaveLength(2);
    for (const request of received) {
      expect(request.method).toBe('PURGE');
      expect(request.tags.split(' ').sort()).toEqual(['fund:aurore-patrimoine', 'funds', 'share:aurore-patrimoine/fr0010000001']);
    }
    expect(await alertMails()).toHaveLength(0);
  });

  it('purges nothing without a shared cache (CACHE_PURGE_URL unset)', async () => {
    setPurgeAdapter(null);
    await publishChange(await getDb(), { news: true });
    await settlePurges();
    expect(received).toHaveLength(0);
  });

  it('as the operator: a purge the cache refuses is retried, then raises the alert', async () => {
    setPurgeAdapter(varnishPurge([url]));
    answer = 503;
    await publishChange(await getDb(), { pages: ['legal-notices'] });
    await settlePurges();
    // Three attempts at once, three after the settling delay.
    expect(received).toHaveLength(6);
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('shared cache purge');
    expect(mails[0]?.text).toContain('cache-purge');
    expect(mails[0]?.text).toContain('answered 503 to the purge');
  });

  it('as the operator: a cache that cannot be reached raises the alert too', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    setPurgeAdapter(varnishPurge([`http://127.0.0.1:${port}/`]));
    const before = (await alertMails()).length;
    forgetAlertMemory();
    const db = await getDb();
    // Another error than the 503's: its own fingerprint, so its own mail (one per error per 10 minutes).
    await db.delete(schema.alertThrottle);
    await publishChange(db, { pages: ['esg'] });
    await settlePurges();
    expect((await alertMails()).length).toBe(before + 1);
  });
});
