/**
 * `npm run bench`: builds, starts the production server on a fresh database, and prints one table:
 * throughput and p99 (autocannon, 20 connections, 10 s, asking for compression as a browser does)
 * of the layout query and of each kind of page against a prerendered page and a static file of the
 * same server, the bytes each answer took on the wire, the first-load JS (gzip)
 * of each page, and Lighthouse (mobile) scores. Figures are printed and written to
 * bench-results/latest.json; nothing here passes or fails.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { LAYOUT_QUERY, LAYOUT_VARIABLES } from '@/graphql/operations';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

type Target = { name: string; path: string; method?: 'GET' | 'POST'; body?: string; page: boolean };
type Row = {
  name: string;
  path: string;
  status: number;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  ratioToPrerendered: number | null;
  /** Bytes of one answer on the wire (compressed when the server compresses it). */
  wireKb: number;
  firstLoadJsGzipKb: number | null;
};

async function waitForHealth(timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy in time');
}

function startServer(): ChildProcess {
  const dir = path.join(root, '.data', 'bench');
  rmSync(dir, { recursive: true, force: true });
  // A fresh database, and no page another run cached (with its own data and PUBLIC_BASE_URL).
  rmSync(path.join(root, '.next', 'server', 'route-cache'), { recursive: true, force: true });
  return spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), LISTEN_HOST: '127.0.0.1', PGLITE_DIR: dir, SKIP_BUILD: '1', PUBLIC_BASE_URL: BASE },
  });
}

/** Scripts a modern browser loads: `noModule` polyfills are skipped by every browser the site supports. */
function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>/g)]
    .map((m) => m[1] ?? '')
    .filter((attrs) => !/\snomodule/i.test(attrs))
    .map((attrs) => attrs.match(/\ssrc="([^"]+)"/)?.[1])
    .filter((src): src is string => !!src && src.startsWith('/'));
}

async function firstLoadJs(pagePath: string): Promise<number> {
  const html = await (await fetch(BASE + pagePath)).text();
  let total = 0;
  for (const src of new Set(scriptsOf(html))) {
    const body = Buffer.from(await (await fetch(BASE + src)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return Math.round((total / 1024) * 10) / 10;
}

/** What Chromium sends: pages are measured compressed, as browsers receive them. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function load(target: Target, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: BASE + target.path,
    method: target.method ?? 'GET',
    body: target.body,
    headers: target.body ? { ...BROWSER_HEADERS, 'content-type': 'application/json' } : BROWSER_HEADERS,
    connections: CONNECTIONS,
    duration,
  });
}

async function lighthouseScores(url: string): Promise<Record<string, number>> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const categories = result?.lhr.categories ?? {};
    return Object.fromEntries(Object.entries(categories).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]));
  } finally {
    chrome.kill();
  }
}

async function main() {
  if (process.env.SKIP_BUILD !== '1') {
    const build = spawnSync(path.join(root, 'node_modules/.bin/next'), ['build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const server = startServer();
  try {
    await waitForHealth(300_000);
    const probe = (await (
      await fetch(`${BASE}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ funds(locale: "fr") { url mainShare { url } } }' }),
      })
    ).json()) as { data: { funds: { url: string; mainShare: { url: string } | null }[] } };
    const fund = probe.data.funds.find((f) => f.mainShare && !f.mainShare.url.endsWith('/')) ?? probe.data.funds[0];
    const homeHtml = await (await fetch(`${BASE}/fr`)).text();
    const staticFile = scriptsOf(homeHtml)[0] ?? '/favicon.ico';
    const targets: Target[] = [
      {
        name: 'layout query (POST /graphql)',
        path: '/graphql',
        method: 'POST',
        body: JSON.stringify({ query: LAYOUT_QUERY, variables: { ...LAYOUT_VARIABLES, locale: 'fr', investorProfile: 'RETAIL' } }),
        page: false,
      },
      { name: 'home page', path: '/fr', page: true },
      { name: 'fund page', path: fund?.url ?? '/fr/funds', page: true },
      { name: 'share page', path: fund?.mainShare?.url ?? '/fr/funds', page: true },
      // A content page rendered once at its first request and then served from Next's cache (ISR).
      { name: 'prerendered page', path: process.env.BENCH_PRERENDERED ?? '/fr/mentions-legales', page: true },
      { name: 'static file', path: staticFile, page: false },
    ];
    const results = new Map<string, { status: number; result: autocannon.Result }>();
    for (const target of targets) {
      const status = (await fetch(BASE + target.path, { method: target.method ?? 'GET', body: target.body, headers: target.body ? { 'content-type': 'application/json' } : undefined })).status;
      await load(target, 5); // warm-up: render and compress once, let the JIT settle
      results.set(target.name, { status, result: await load(target, DURATION) });
      process.stderr.write(`[bench] ${target.name}: ${Math.round(results.get(target.name)!.result.requests.average)} req/s\n`);
    }
    const prerendered = results.get('prerendered page')?.result.requests.average ?? 0;
    const rows: Row[] = [];
    for (const target of targets) {
      const { status, result } = results.get(target.name)!;
      rows.push({
        name: target.name,
        path: target.path,
        status,
        requestsPerSecond: Math.round(result.requests.average),
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        ratioToPrerendered: target.page && prerendered > 0 ? Math.round((result.requests.average / prerendered) * 100) / 100 : null,
        wireKb: Math.round((result.throughput.average / Math.max(result.requests.average, 1) / 1024) * 10) / 10,
        firstLoadJsGzipKb: target.page ? await firstLoadJs(target.path) : null,
      });
    }
    const lighthouse: Record<string, Record<string, number>> = {};
    if (process.env.BENCH_LIGHTHOUSE !== '0') {
      for (const target of targets.filter((t) => t.name === 'home page' || t.name === 'share page')) {
        lighthouse[target.name] = await lighthouseScores(BASE + target.path);
      }
    }
    console.log(`\nBench: ${CONNECTIONS} connections, ${DURATION} s per target, ${new Date().toISOString()}\n`);
    console.log('| target | path | status | req/s | p99 ms | non-2xx | × prerendered | KB on the wire | first-load JS gzip KB |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.name} | ${r.path} | ${r.status} | ${r.requestsPerSecond} | ${r.p99Ms} | ${r.non2xx} | ${r.ratioToPrerendered ?? ''} | ${r.wireKb} | ${r.firstLoadJsGzipKb ?? ''} |`,
      );
    }
    if (Object.keys(lighthouse).length) {
      console.log('\n| Lighthouse (mobile) | performance | accessibility | best-practices | seo |');
      console.log('|---|---|---|---|---|');
      for (const [name, s] of Object.entries(lighthouse)) {
        console.log(`| ${name} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} |`);
      }
    }
    mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    writeFileSync(path.join(root, 'bench-results', 'latest.json'), JSON.stringify({ at: new Date().toISOString(), rows, lighthouse }, null, 2));
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
