/**
 * POST /api/vitals as a browser's beacon and as an attacker: a valid report is logged (204) with
 * its route pattern and nothing of the URL's query, the address or the browser; an oversized,
 * malformed, cross-site or flooding client gets 413, 400, 403 or 429, never a 500.
 */
import { describe, expect, it, vi } from 'vitest';
import { POST } from '../../src/app/api/vitals/route';
import { CLIENT_HEADER } from '../../src/server/forms/request-info';
import { runWithRequestId } from '../../src/server/log/request-context';

const SECRET_QUERY = 'email=jean.dupont%40example.com&token=s3cr3t';

function beacon(body: BodyInit | null, headers: Record<string, string> = {}, client = '198.51.100.1') {
  return new Request(`http://localhost/api/vitals?${SECRET_QUERY}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'sec-fetch-site': 'same-origin', [CLIENT_HEADER]: client, 'user-agent': 'Mozilla/5.0 Test', ...headers },
  });
}

const report = {
  path: '/fr/funds/fonds-actions-europe/part-a',
  navigationType: 'navigate',
  metrics: [
    { name: 'LCP', value: 2140, rating: 'good' },
    { name: 'CLS', value: 0.02, rating: 'good' },
    { name: 'INP', value: 350, rating: 'needs-improvement' },
  ],
};

async function capturedLogs(fn: () => Promise<void>): Promise<{ lines: Record<string, unknown>[]; raw: string }> {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  const raw = chunks.join('');
  return { raw, lines: raw.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('POST /api/vitals', () => {
  it('logs each metric of a valid beacon under its route pattern, without query, address, browser or request id', async () => {
    let status = 0;
    // A path with a query and a hash (a modified client): only the route pattern is kept.
    const logged = await capturedLogs(async () => {
      const request = beacon(JSON.stringify({ ...report, path: `${report.path}?${SECRET_QUERY}#s3cr3t` }), {}, '203.0.113.99');
      status = (await runWithRequestId('req-7f3a9c21', () => POST(request))).status;
    });
    expect(status).toBe(204);
    const vitals = logged.lines.filter((l) => l.area === 'vitals');
    expect(vitals.map((l) => [l.metric, l.value, l.rating, l.route, l.navigationType])).toEqual([
      ['LCP', 2140, 'good', '/fr/funds/*/*', 'navigate'],
      ['CLS', 0.02, 'good', '/fr/funds/*/*', 'navigate'],
      ['INP', 350, 'needs-improvement', '/fr/funds/*/*', 'navigate'],
    ]);
    for (const leak of ['jean.dupont', 's3cr3t', 'token', '203.0.113.99', 'Mozilla', 'fonds-actions-europe', 'part-a', 'localhost', 'req-7f3a9c21']) {
      expect(logged.raw).not.toContain(leak);
    }
  });

  it('refuses an oversized body with 413, declared or streamed without a length', async () => {
    const big = JSON.stringify({ ...report, path: `/${'a'.repeat(4000)}` });
    expect((await POST(beacon(big, {}, '198.51.100.2'))).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
        controller.close();
      },
    });
    const chunked = new Request('http://localhost/api/vitals', { method: 'POST', body: stream, duplex: 'half', headers: { [CLIENT_HEADER]: '198.51.100.2' } } as RequestInit);
    expect((await POST(chunked)).status).toBe(413);
  });

  it.each([
    ['no body', null],
    ['not JSON', '{"path":'],
    ['invalid UTF-8', new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
    ['JSON of another shape', JSON.stringify({ hello: 'world' })],
    ['an identifier added', JSON.stringify({ ...report, visitorId: 'abc' })],
    ['a metric named like an attack', JSON.stringify({ ...report, metrics: [{ name: '<script>', value: 1, rating: 'good' }] })],
    ['a deep JSON bomb', '['.repeat(1000) + ']'.repeat(1000)],
  ])('refuses %s with 400 and logs no metric', async (_label, body) => {
    let status = 0;
    const { lines } = await capturedLogs(async () => {
      status = (await POST(beacon(body as BodyInit | null, {}, '198.51.100.3'))).status;
    });
    expect(status).toBe(400);
    expect(lines.filter((l) => l.msg === 'web vital')).toEqual([]);
  });

  it("refuses another site's page (403)", async () => {
    expect((await POST(beacon(JSON.stringify(report), { 'sec-fetch-site': 'cross-site' }, '198.51.100.4'))).status).toBe(403);
    expect((await POST(beacon(JSON.stringify(report), { 'sec-fetch-site': '', origin: 'https://evil.example' }, '198.51.100.4'))).status).toBe(403);
  });

  it('limits each client to 30 beacons a minute, not its neighbours', async () => {
    const statuses: number[] = [];
    await capturedLogs(async () => {
      for (let i = 0; i < 35; i++) statuses.push((await POST(beacon(JSON.stringify(report), {}, '198.51.100.5'))).status);
    });
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429]);
    await capturedLogs(async () => {
      expect((await POST(beacon(JSON.stringify(report), {}, '198.51.100.6'))).status).toBe(204);
    });
  });
});
