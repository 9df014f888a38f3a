/**
 * The shared cache's part of `npm run bench` (docs/decisions/056): the same cached pages loaded at 50
 * connections straight from the app and through Varnish (deploy/varnish.vcl as shipped, its backend
 * the bench's app), one after the other in one run: requests per second, p99, and the app process's
 * CPU while each load runs (ms of CPU per second of load: 1,000 is one core busy). Through Varnish the
 * app should do almost nothing. Skipped, with a line saying so, when Varnish cannot be installed.
 */
import autocannon from 'autocannon';
import { ensureVarnish, startVarnish, varnishInstalled } from './resilience/varnish';

export const SHARED_CACHE_CONNECTIONS = 50;

type Load = { requestsPerSecond: number; p99Ms: number; non2xx: number; appCpuMsPerSecond: number | null; wireKb: number };
export type SharedCacheRow = { name: string; path: string; app: Load; varnish: Load; hitsOfTen: number };

/** What Chromium sends, and no cookie: the first visit of the default audience. */
const HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function measure(url: string, duration: number, cpu: () => number | null): Promise<Load> {
  const before = cpu();
  const started = Date.now();
  const result = await autocannon({ url, headers: HEADERS, connections: sharedConnections(), duration });
  const seconds = (Date.now() - started) / 1000;
  const after = cpu();
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    appCpuMsPerSecond: before === null || after === null ? null : Math.round((after - before) / seconds),
    wireKb: Math.round((result.throughput.average / Math.max(result.requests.average, 1) / 1024) * 10) / 10,
  };
}

function sharedConnections(): number {
  return Number(process.env.BENCH_SHARED_CONNECTIONS ?? SHARED_CACHE_CONNECTIONS);
}

/** How many of ten requests Varnish answered from its store (X-Cache: HIT). */
async function hitsOfTen(url: string): Promise<number> {
  let hits = 0;
  for (let i = 0; i < 10; i++) {
    const response = await fetch(url, { headers: HEADERS });
    await response.arrayBuffer();
    if (response.headers.get('x-cache') === 'HIT') hits += 1;
  }
  return hits;
}

export async function benchSharedCache(options: { appBase: string; appPort: number; varnishPort: number; targets: { name: string; path: string }[]; duration: number; cpu: () => number | null }): Promise<SharedCacheRow[] | string> {
  if (process.env.BENCH_VARNISH === '0') return 'skipped (BENCH_VARNISH=0)';
  try {
    ensureVarnish();
  } catch (error) {
    return `skipped: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (!varnishInstalled()) return 'skipped: Varnish is not installed';
  const varnish = await startVarnish(options.varnishPort, [options.appPort]);
  const rows: SharedCacheRow[] = [];
  try {
    for (const target of options.targets) {
      // Filled first, so that both loads measure a cached page.
      for (const base of [options.appBase, varnish.base]) await (await fetch(base + target.path, { headers: HEADERS })).arrayBuffer();
      const app = await measure(options.appBase + target.path, options.duration, options.cpu);
      const throughVarnish = await measure(varnish.base + target.path, options.duration, options.cpu);
      const hits = await hitsOfTen(varnish.base + target.path);
      rows.push({ name: target.name, path: target.path, app, varnish: throughVarnish, hitsOfTen: hits });
      process.stderr.write(`[bench] shared cache ${target.name}: app ${app.requestsPerSecond} req/s p99 ${app.p99Ms} ms; Varnish ${throughVarnish.requestsPerSecond} req/s p99 ${throughVarnish.p99Ms} ms, app CPU ${throughVarnish.appCpuMsPerSecond} ms/s\n`);
    }
  } finally {
    await varnish.stop();
  }
  return rows;
}

export function printSharedCache(result: SharedCacheRow[] | string, duration: number): void {
  console.log(`\nShared cache: the same cached pages from the app alone and through Varnish, ${sharedConnections()} connections, ${duration} s each, one after the other`);
  if (typeof result === 'string') {
    console.log(result);
    return;
  }
  console.log('| page | app req/s | app p99 ms | Varnish req/s | Varnish p99 ms | req/s × app | app CPU ms/s, app alone | app CPU ms/s, through Varnish | non-2xx | HIT of 10 after | KB on the wire |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of result) {
    const ratio = r.app.requestsPerSecond > 0 ? Math.round((r.varnish.requestsPerSecond / r.app.requestsPerSecond) * 10) / 10 : '';
    console.log(
      `| ${r.name} | ${r.app.requestsPerSecond} | ${r.app.p99Ms} | ${r.varnish.requestsPerSecond} | ${r.varnish.p99Ms} | ${ratio} | ${r.app.appCpuMsPerSecond ?? ''} | ${r.varnish.appCpuMsPerSecond ?? ''} | ${r.app.non2xx + r.varnish.non2xx} | ${r.hitsOfTen} | ${r.varnish.wireKb} |`,
    );
  }
}
