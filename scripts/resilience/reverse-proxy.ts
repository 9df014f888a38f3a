/**
 * The recommended layout (docs/operations.md "Production layout", docs/decisions/045): the built app
 * behind deploy/nginx.conf as shipped, checked from outside for what that file promises. nginx is
 * installed when missing (root only); when it cannot run, every case fails: never a silent pass.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { freshPglite, head, httpRequest, rawExchange, sleep, startApp, type Outcome, type SimpleAnswer } from './harness';
import { startNginx, type Nginx } from './nginx';

const CASES = [
  'compressed through the proxy',
  'client address from X-Forwarded-For through TRUSTED_PROXIES',
  'a page for the profile cookie stays private',
  'a bad URL is a 404',
  'a big body is refused',
  "the proxy's request id reaches the app",
] as const;
type CaseName = (typeof CASES)[number];

type Check = { expected: string; run(nginx: Nginx): Promise<string | null> };

/** GET through nginx, from a loopback address of our choosing (127.0.0.x: another client). */
function get(nginx: Nginx, path: string, headers: Record<string, string> = {}, from = '127.0.0.1'): Promise<SimpleAnswer> {
  return httpRequest(`${nginx.base}${path}`, { method: 'GET', headers, agent: false, localAddress: from }, undefined, 30_000);
}

const checks: Record<CaseName, Check> = {
  'compressed through the proxy': {
    expected: 'a cached page arrives brotli or gzip encoded, as the app compressed it, and decodes to the page',
    async run(nginx) {
      for (const encoding of ['br', 'gzip'] as const) {
        const answer = await get(nginx, '/fr', { 'accept-encoding': encoding });
        if (answer.status !== 200) return `${encoding}: status ${answer.status}`;
        if (answer.headers['content-encoding'] !== encoding) return `${encoding}: Content-Encoding ${answer.headers['content-encoding'] ?? 'none'}`;
        const html = (encoding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body)).toString('utf8');
        if (!html.includes('<html lang="fr"')) return `${encoding}: the decoded body is not the French page`;
      }
      return null;
    },
  },
  'client address from X-Forwarded-For through TRUSTED_PROXIES': {
    expected: 'a client that writes its own X-Forwarded-For stays one client (429 after 30 beacons); another address is another client',
    async run(nginx) {
      const beacon = (from: string, spoof: string) =>
        httpRequest(`${nginx.base}/api/vitals`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': spoof }, agent: false, localAddress: from }, '{}', 30_000);
      const statuses: number[] = [];
      // /api/vitals allows 30 beacons a minute per client address (src/server/vitals/record-vitals.ts).
      for (let i = 0; i < 31; i++) statuses.push((await beacon('127.0.0.2', `203.0.113.${i + 1}`)).status);
      if (statuses.slice(0, 30).some((s) => s === 429)) return `limited before 30: ${statuses.join(',')}`;
      if (statuses[30] !== 429) return `the 31st beacon with a new forged address answered ${statuses[30]}: the forged X-Forwarded-For was trusted`;
      const other = await beacon('127.0.0.3', '203.0.113.1');
      if (other.status === 429) return 'another client address was limited too: the app sees the proxy, not the client';
      return null;
    },
  },
  'a page for the profile cookie stays private': {
    expected: 'Cache-Control private, no-cache, Vary with Cookie, a weak ETag and a 304 for it, through the proxy',
    async run(nginx) {
      const page = await get(nginx, '/en/about-us', { cookie: 'investor_profile=INSTIT', 'accept-encoding': 'br' });
      if (page.status !== 200) return `status ${page.status}`;
      if (page.headers['cache-control'] !== 'private, no-cache') return `Cache-Control ${page.headers['cache-control']}`;
      if (!/\bCookie\b/i.test(String(page.headers.vary ?? ''))) return `Vary ${page.headers.vary}`;
      const etag = String(page.headers.etag ?? '');
      if (!etag.startsWith('W/"')) return `ETag ${etag || 'none'}`;
      const again = await get(nginx, '/en/about-us', { cookie: 'investor_profile=INSTIT', 'if-none-match': etag });
      if (again.status !== 304) return `revalidation answered ${again.status}`;
      return null;
    },
  },
  'a bad URL is a 404': {
    expected: '404 for a path that does not decode (/fr/%C3%28); never a 5xx for one nginx itself refuses (/fr/%ZZ)',
    async run(nginx) {
      const bad = await rawExchange(nginx.port, [head('GET', '/fr/%C3%28')], 10_000);
      if (bad.status !== 404) return `/fr/%C3%28 answered ${bad.status}`;
      const worse = await rawExchange(nginx.port, [head('GET', '/fr/%ZZ')], 10_000);
      if (worse.status < 400 || worse.status >= 500) return `/fr/%ZZ answered ${worse.status}`;
      return null;
    },
  },
  'a big body is refused': {
    expected: '413 before the body is sent: 2 MB to a page, 1 MB to /graphql, 30 MB to the back-office',
    async run(nginx) {
      for (const [path, bytes] of [
        ['/fr', 2 * 1024 * 1024],
        ['/graphql', 1024 * 1024],
        ['/admin/funds', 30 * 1024 * 1024],
      ] as const) {
        // Only the head: the length is declared, the body never comes.
        const answer = await rawExchange(nginx.port, [head('POST', path, { 'Content-Type': 'application/octet-stream', 'Content-Length': bytes }), { pauseMs: 5_000 }], 10_000);
        if (answer.status !== 413) return `${path} (${bytes} bytes declared) answered ${answer.status || 'nothing'}`;
      }
      return null;
    },
  },
  "the proxy's request id reaches the app": {
    expected: "the answer carries nginx's $request_id (32 hex digits), kept by the app for its log lines",
    async run(nginx) {
      const answer = await get(nginx, '/api/health');
      const id = String(answer.headers['x-request-id'] ?? '');
      if (!/^[0-9a-f]{32}$/.test(id)) return `X-Request-Id ${id || 'none'}`;
      // The access log line is written as the answer ends: give it a moment.
      for (let i = 0; i < 40 && !nginx.accessLog().includes(`rid=${id}`); i++) await sleep(50);
      if (!nginx.accessLog().includes(`rid=${id}`)) return "the id is not in nginx's access log";
      return null;
    },
  },
};

export async function runReverseProxy(golden: string, port: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const fail = (observed: string) => CASES.map((name) => ({ part: 'proxy', name, expected: checks[name].expected, observed, pass: false }));
  let nginx: Nginx | null = null;
  const app = startApp({ name: 'proxy', port, pgliteDir: freshPglite(golden, 'proxy'), env: { TRUSTED_PROXIES: '1' } });
  try {
    await app.waitHealthy();
    try {
      nginx = await startNginx(port + 1, [port]);
    } catch (error) {
      return fail(`nginx could not run: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const name of CASES) {
      let observed: string | null;
      try {
        observed = await checks[name].run(nginx);
      } catch (error) {
        observed = `error: ${error instanceof Error ? error.message : String(error)}`;
      }
      const outcome = { part: 'proxy', name, expected: checks[name].expected, observed: observed ?? 'as expected', pass: observed === null };
      outcomes.push(outcome);
      process.stderr.write(`[proxy] ${outcome.pass ? 'pass' : 'FAIL'} ${name}: ${outcome.observed}\n`);
    }
    return outcomes;
  } finally {
    await nginx?.stop();
    await app.stop('SIGTERM', 20_000);
  }
}
