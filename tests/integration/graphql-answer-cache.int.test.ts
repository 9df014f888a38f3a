/**
 * POST /graphql replays the serialized answer of a query it answered before (docs/decisions/021),
 * until a publication changes the data: then the next answer is computed again and shows the change.
 */
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../src/server/audit/record';
import { getDb } from '../../src/server/db';
import * as t from '../../src/server/db/schema';
import { updateFundAum } from '../../src/server/funds/aum';
import { ANSWER_CACHE_HEADER, ENCODED_BY_ROUTE_HEADER } from '../../src/server/graphql/answer-cache';
import { LAYOUT_QUERY, LAYOUT_VARIABLES } from '../../src/graphql/operations';

const editor: Actor = { type: 'account', id: 'acc-editor', label: 'editor@fundhouse.test' };
const FUND = 'aurore-actions-europe';

type Layout = { data?: { fundCategories: { funds: { slug: string; aum: { displayValue: string; dateTo: string } | null }[] }[] }; errors?: unknown[] };

let POST: (request: Request) => Promise<Response>;
beforeAll(async () => {
  // The route's own yoga, with a deadline generous enough for a cold layout query on a busy machine
  // (graphql-limits.int.test.ts tests the deadline itself). The caches live on globalThis: the
  // publication below drops the ones this module instance reads.
  vi.stubEnv('GRAPHQL_TIMEOUT_MS', '15000');
  vi.resetModules();
  ({ POST } = await import('../../src/app/graphql/route'));
});

const post = (body: string, headers: Record<string, string> = {}) =>
  POST(new Request('http://localhost/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', ...headers }, body }));

const layoutBody = (locale: string, investorProfile: string) => JSON.stringify({ query: LAYOUT_QUERY, variables: { ...LAYOUT_VARIABLES, locale, investorProfile } });

const aumOf = (answer: Layout) => answer.data?.fundCategories.flatMap((c) => c.funds).find((f) => f.slug === FUND)?.aum;

describe('the serialized answers of /graphql', () => {
  it('replays the layout query per locale and profile, byte for byte, compressed once', async () => {
    const body = layoutBody('en', 'INSTIT');
    const first = await post(body);
    expect(first.status).toBe(200);
    const text = await first.text();
    expect(first.headers.get(ANSWER_CACHE_HEADER)).toBe('MISS');
    const again = await post(body);
    expect(again.headers.get(ANSWER_CACHE_HEADER)).toBe('HIT');
    expect(await again.text()).toBe(text);
    // Compressed once, only for the production server, which sends the encoding Next would drop.
    const plain = await post(body, { 'accept-encoding': 'gzip, br' });
    expect(plain.headers.get(ENCODED_BY_ROUTE_HEADER)).toBeNull();
    expect(await plain.text()).toBe(text);
    const compressed = await post(body, { 'accept-encoding': 'gzip, br', [ENCODED_BY_ROUTE_HEADER]: 'accepted' });
    expect(compressed.headers.get(ENCODED_BY_ROUTE_HEADER)).toBe('br');
    expect(compressed.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await compressed.arrayBuffer())).toString('utf8')).toBe(text);
    // Another profile, language, session or media type is another answer.
    expect((await post(layoutBody('en', 'RETAIL'))).headers.get(ANSWER_CACHE_HEADER)).toBe('MISS');
    expect((await post(layoutBody('fr', 'INSTIT'))).headers.get(ANSWER_CACHE_HEADER)).toBe('MISS');
    expect((await post(body, { authorization: 'Bearer someone' })).headers.get(ANSWER_CACHE_HEADER)).toBe('MISS');
    expect((await post(body, { accept: 'application/graphql-response+json' })).headers.get(ANSWER_CACHE_HEADER)).toBe('MISS');
  });

  it('answers with the change after a publication (a fund’s AUM edited in the back-office)', async () => {
    const body = layoutBody('fr', 'RETAIL');
    await post(body);
    const before = (await (await post(body)).json()) as Layout;
    expect(aumOf(before)).toMatchObject({ dateTo: expect.any(String), displayValue: expect.any(String) });
    const db = await getDb();
    const [fund] = await db.select().from(t.funds).where(eq(t.funds.slug, FUND));
    expect(await updateFundAum(db, fund!.id, { value: 987_654_321, date: '2026-11-23' }, editor)).toEqual({ ok: true, changed: true });
    const after = await post(body);
    expect(after.headers.get(ANSWER_CACHE_HEADER)).toBe('MISS');
    const answer = (await after.json()) as Layout;
    // (Its date's format is the directive's business: only that it changed is checked.)
    expect(aumOf(answer)?.dateTo).not.toBe(aumOf(before)?.dateTo);
    expect(aumOf(answer)?.displayValue).not.toBe(aumOf(before)?.displayValue);
    expect((await post(body)).headers.get(ANSWER_CACHE_HEADER)).toBe('HIT');
  });

  it('never replays a refusal or an answer with errors: each goes through the limits again', async () => {
    const costly = JSON.stringify({ query: '{ a: fundCategories(locale: "fr") { funds { shares(activeOnly: false) { navHistory { date value } } } } b: fundCategories(locale: "fr") { funds { shares(activeOnly: false) { navHistory { date value } } } } }' });
    for (let i = 0; i < 2; i++) {
      const refused = await post(costly);
      expect(refused.status).toBe(400);
      expect(refused.headers.get(ANSWER_CACHE_HEADER)).not.toBe('HIT');
    }
    const failing = JSON.stringify({ query: '{ countries(locale: "xx") { code } }' });
    for (let i = 0; i < 2; i++) {
      const answer = await post(failing);
      expect(((await answer.json()) as Layout).errors).toEqual([expect.objectContaining({ message: expect.any(String) })]);
      expect(answer.headers.get(ANSWER_CACHE_HEADER)).not.toBe('HIT');
    }
  });

  it('sends its own security headers with every answer, replayed, computed, refused or unreadable (the proxy does not run for it)', async () => {
    const body = layoutBody('es', 'CGP');
    const answers = [
      await post(body),
      await post(body),
      await post(body, { 'accept-encoding': 'br', [ENCODED_BY_ROUTE_HEADER]: 'accepted' }),
      await post('{"query": "{ nosuchfield }"}'),
      await post('not json'),
      await post('x'.repeat(200_000)),
      await POST(new Request('http://localhost/graphql?query=%7B__typename%7D', { headers: { accept: 'application/json' } })),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 400, 400, 413, 200]);
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    expect(answers[1]!.headers.get(ANSWER_CACHE_HEADER)).toBe('HIT');
    expect(answers[2]!.headers.get(ENCODED_BY_ROUTE_HEADER)).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await answers[2]!.arrayBuffer())).toString('utf8')).toBe(await answers[0]!.text());
  });
});
