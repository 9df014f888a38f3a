/**
 * What each layer of runtime/server.mjs costs against Next alone and against nginx in front
 * (docs/decisions/045). The same build and database, served in turn by
 * - ours: runtime/server.mjs as it is (each cached page hashed and compressed once);
 * - next: the same server with Next's own work in place of compress-once: the `compression`
 *   middleware Next mounts for `compress: true` and its ETag of every page (send-payload.ts);
 * - bare: the same server without any compression (what nginx would then compress);
 * - bare + nginx: bare behind deploy/nginx.conf with gzip (level 5) and brotli (quality 4) on;
 * - ours + nginx: ours behind deploy/nginx.conf as shipped (nginx passes the bytes on).
 * It prints, per target, req/s and the CPU milliseconds per request of the app process and of
 * nginx (Linux /proc): the CPU figures are what a shared machine disturbs least.
 *
 * `npx tsx --conditions=react-server scripts/bench-server-layers.ts` after `next build`
 * (LAYERS_PORT, default 3510; LAYERS_DURATION seconds per target, default 8).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { LAYOUT_QUERY, LAYOUT_VARIABLES } from '@/graphql/operations';
import { appEnv, freshPglite, goldenPglite, httpGet, rawExchange, head, removeRunDatabases, root, sleep, table } from './resilience/harness';
import { startNginx, type Nginx } from './resilience/nginx';

const PORT = Number(process.env.LAYERS_PORT ?? 3510);
const DURATION = Number(process.env.LAYERS_DURATION ?? 8);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

type Variant = { name: string; server: 'ours' | 'next' | 'bare'; nginx: null | 'as shipped' | 'compressing' };
const ONLY = process.env.LAYERS_VARIANTS?.split(',').map((v) => v.trim());
const VARIANTS: Variant[] = [
  { name: 'ours', server: 'ours', nginx: null },
  { name: 'next', server: 'next', nginx: null },
  { name: 'bare', server: 'bare', nginx: null },
  { name: 'bare + nginx gzip/brotli', server: 'bare', nginx: 'compressing' },
  { name: 'ours + nginx', server: 'ours', nginx: 'as shipped' },
];

const SERVER = path.join(root, 'runtime', 'server.mjs');
const ENCODE_CALL = '  encode(req, res);\n';
const DECODABLE_CHECK = /  if \(!decodable\(req\.url\)\) \{[\s\S]*?return;\n  \}\n/;

/** A copy of runtime/server.mjs beside it (its imports are relative) with `server`'s changes. */
function variantFile(server: Variant['server']): string {
  let source = readFileSync(SERVER, 'utf8');
  if (server === 'ours') return SERVER;
  if (!source.includes(ENCODE_CALL) || !DECODABLE_CHECK.test(source)) throw new Error('runtime/server.mjs changed: update the variants of this bench');
  if (server === 'bare') source = source.replace(ENCODE_CALL, '');
  if (server === 'next') {
    source = source.replace(ENCODE_CALL, '  nextCompression(req, res, () => {});\n  nextEtag(req, res);\n');
    // Next alone also meets undecodable paths itself: this variant tells what it answers them.
    source = source.replace(DECODABLE_CHECK, '');
    source += `
import nextCompressionFactory from 'next/dist/compiled/compression/index.js';
import etagModule from 'next/dist/server/lib/etag.js';
import fresh from 'next/dist/compiled/fresh/index.js';
const nextCompression = nextCompressionFactory();
/** What send-payload.ts does with generateEtags: an ETag of every whole page, and a 304 when fresh. */
function nextEtag(req, res) {
  const end = res.end;
  res.end = function (chunk, ...rest) {
    if (!res.headersSent && res.statusCode === 200 && (typeof chunk === 'string' || Buffer.isBuffer(chunk))) {
      const etag = etagModule.generateETag(String(chunk));
      res.setHeader('ETag', etag);
      if (fresh(req.headers, { etag })) {
        res.statusCode = 304;
        return end.call(this);
      }
    }
    return end.call(this, chunk, ...rest);
  };
}
`;
  }
  const file = path.join(root, 'runtime', `.bench-layer-${server}.mjs`);
  writeFileSync(file, source);
  return file;
}

/** nginx compressing what it gets: gzip level 5 and brotli quality 4, on the types the app sends. */
function compressing(conf: string): string {
  const types = 'text/plain text/css text/x-component application/javascript application/json image/svg+xml';
  return `load_module /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so;\n${conf.replace(
    '  server_tokens off;\n',
    `  server_tokens off;\n  gzip on; gzip_proxied any; gzip_comp_level 5; gzip_min_length 1024; gzip_vary on; gzip_types ${types};\n  brotli on; brotli_comp_level 4; brotli_min_length 1024; brotli_types ${types};\n`,
  )}`;
}

function cpuMs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      /* gone */
    }
  }
  return total;
}

type Target = { name: string; path: string; body?: string };

async function main() {
  const golden = await goldenPglite(PORT);
  const rows: string[][] = [];
  const notes: string[] = [];
  let targets: Target[] | null = null;
  for (const variant of VARIANTS.filter((v) => !ONLY || ONLY.includes(v.name))) {
    const file = variantFile(variant.server);
    const appPort = PORT + 1;
    const env = { ...appEnv({ name: 'layers', port: appPort, pgliteDir: freshPglite(golden, 'layers') }), NODE_ENV: 'production' as const };
    rmSync(path.join(root, '.next', 'server', 'route-cache'), { recursive: true, force: true });
    const app: ChildProcess = spawn(process.execPath, [file], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    let nginx: Nginx | null = null;
    try {
      const appBase = `http://127.0.0.1:${appPort}`;
      for (let i = 0; ; i++) {
        if ((await httpGet(`${appBase}/api/health`, 2000).catch(() => null))?.status === 200) break;
        if (i > 600) throw new Error(`${variant.name}: not healthy`);
        await sleep(300);
      }
      if (variant.nginx) nginx = await startNginx(PORT + 2, [appPort], variant.nginx === 'compressing' ? compressing : undefined);
      const base = nginx?.base ?? appBase;
      if (!targets) {
        const probe = (await (
          await fetch(`${appBase}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ funds(locale: "fr") { mainShare { url } } }' }) })
        ).json()) as { data: { funds: { mainShare: { url: string } | null }[] } };
        const share = probe.data.funds.find((f) => f.mainShare && !f.mainShare.url.endsWith('/'))?.mainShare?.url ?? '/fr';
        targets = [
          { name: 'prerendered page', path: '/fr/mentions-legales' },
          { name: 'share page', path: new URL(share, appBase).pathname },
          { name: 'fund range, text search (rendered per request, streamed)', path: '/fr/gamme-fonds?q=aurore' },
          { name: 'layout query (POST /graphql)', path: '/graphql', body: JSON.stringify({ query: LAYOUT_QUERY, variables: { ...LAYOUT_VARIABLES, locale: 'fr', investorProfile: 'RETAIL' } }) },
        ];
      }
      if (variant.server === 'next') {
        for (const bad of ['/fr/%ZZ', '/fr/%C3%28']) notes.push(`Next alone answers ${bad} with ${(await rawExchange(appPort, [head('GET', bad)], 10_000)).status}`);
      }
      for (const target of targets) {
        const options = {
          url: base + target.path,
          method: (target.body ? 'POST' : 'GET') as 'POST' | 'GET',
          body: target.body,
          headers: target.body ? { ...BROWSER, 'content-type': 'application/json' } : BROWSER,
          connections: 20,
        };
        await autocannon({ ...options, duration: 3 });
        const appBefore = cpuMs([app.pid ?? 0]);
        const nginxBefore = nginx ? cpuMs(nginx.pids()) : 0;
        const result = await autocannon({ ...options, duration: DURATION });
        const requests = Math.max(1, result.requests.total);
        const appCpu = (cpuMs([app.pid ?? 0]) - appBefore) / requests;
        const nginxCpu = nginx ? (cpuMs(nginx.pids()) - nginxBefore) / requests : 0;
        const wireKb = result.throughput.average / Math.max(result.requests.average, 1) / 1024;
        rows.push([variant.name, target.name, String(Math.round(result.requests.average)), appCpu.toFixed(2), nginxCpu.toFixed(2), (appCpu + nginxCpu).toFixed(2), wireKb.toFixed(1), String(result.non2xx)]);
        process.stderr.write(`[layers] ${variant.name} · ${target.name}: ${Math.round(result.requests.average)} req/s, ${result.non2xx} non-2xx, ${(result.throughput.average / Math.max(result.requests.average, 1) / 1024).toFixed(1)} KB, app ${appCpu.toFixed(2)} ms, nginx ${nginxCpu.toFixed(2)} ms CPU per request\n`);
      }
    } finally {
      await nginx?.stop();
      app.kill('SIGTERM');
      await new Promise((resolve) => app.once('exit', resolve));
      if (file !== SERVER) rmSync(file, { force: true });
    }
  }
  removeRunDatabases();
  console.log(`\nServer layers, ${new Date().toISOString()}, ${DURATION} s per target, 20 connections, Accept-Encoding as Chromium\n`);
  console.log(table(['variant', 'target', 'req/s', 'app CPU ms/req', 'nginx CPU ms/req', 'total CPU ms/req', 'wire KB', 'non-2xx'], rows));
  for (const note of notes) console.log(`\n${note}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
