/**
 * `npm run test:resilience`: builds (unless SKIP_BUILD=1), then against the production server:
 * the hostile-request catalogue, a mixed load of 50 connections, and faults (mail server down,
 * PostgreSQL restarted, a second process on the PGlite folder, SIGTERM under load), and the app
 * behind deploy/nginx.conf (reverse-proxy.ts; nginx is installed when missing), and behind the shared
 * cache deploy/varnish.vcl, two processes on PostgreSQL (cache.ts; Varnish is installed when missing).
 * Prints one table and exits non-zero when any case fails. RESILIENCE_PARTS=catalogue,load,faults,proxy,cache
 * picks parts; RESILIENCE_ONLY=<regexp> picks cases by name.
 */
import { healthReference, runCatalogue } from './catalogue';
import { runCache } from './cache';
import { runFaults } from './faults';
import { buildOnce, discover, freshPglite, goldenPglite, removeRunDatabases, startApp, table, type Outcome } from './harness';
import { runLoad } from './load';
import { runReverseProxy } from './reverse-proxy';

const PORT = Number(process.env.RESILIENCE_PORT ?? 3600);
const parts = new Set((process.env.RESILIENCE_PARTS ?? 'catalogue,load,faults,proxy,cache').split(',').map((p) => p.trim()));
const only = process.env.RESILIENCE_ONLY ? new RegExp(process.env.RESILIENCE_ONLY, 'i') : undefined;

async function main(): Promise<number> {
  const started = Date.now();
  buildOnce();
  // The seeded PGlite folder every part but `cache` (on PostgreSQL) starts from.
  const golden = [...parts].some((p) => p !== 'cache') ? await goldenPglite(PORT) : '';
  const outcomes: Outcome[] = [];

  if (parts.has('catalogue')) {
    let generation = 0;
    const start = async () => {
      const app = startApp({ name: `catalogue${generation ? `-${generation}` : ''}`, port: PORT + 1, pgliteDir: freshPglite(golden, `catalogue-${generation}`) });
      generation += 1;
      await app.waitHealthy();
      return app;
    };
    let app = await start();
    const site = await discover(app.base);
    try {
      outcomes.push(...(await runCatalogue(app, site, async () => (app = await start()), only)));
    } finally {
      await app.stop('SIGTERM', 20_000);
    }
  }
  if (parts.has('load')) {
    for (const outcome of await runLoad(golden, PORT + 2)) {
      outcomes.push(outcome);
      process.stderr.write(`[load] ${outcome.pass ? 'pass' : 'FAIL'} ${outcome.name}: ${outcome.observed}\n`);
    }
  }
  if (parts.has('faults')) outcomes.push(...(await runFaults(golden, PORT + 3, only)));
  // The app on PORT + 6, nginx on PORT + 7.
  if (parts.has('proxy')) outcomes.push(...(await runReverseProxy(golden, PORT + 6)));
  // Varnish on PORT + 8, the two app processes on PORT + 9 and PORT + 10, on PostgreSQL.
  if (parts.has('cache')) outcomes.push(...(await runCache(PORT + 8, only)));

  removeRunDatabases();
  const failed = outcomes.filter((o) => !o.pass);
  console.log(`\nResilience suite, ${new Date().toISOString()}, ${Math.round((Date.now() - started) / 1000)} s\n`);
  console.log(table(['part', 'case', 'expected', 'observed', 'result'], outcomes.map((o) => [o.part, o.name, o.expected, o.observed, o.pass ? 'pass' : 'FAIL'])));
  if (healthReference) console.log(`\nReference: ${healthReference}.`);
  console.log(`\n${outcomes.length - failed.length} of ${outcomes.length} cases pass${failed.length ? `; failing: ${failed.map((f) => f.name).join('; ')}` : ''}.`);
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
