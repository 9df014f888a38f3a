/**
 * Load: 50 connections for RESILIENCE_LOAD_SECONDS (60) on a mix of pages, the layout query,
 * documents and contact-form posts. Expected: no error, no submission lost, memory stable.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { LAYOUT_QUERY, LAYOUT_VARIABLES } from '@/graphql/operations';
import { contactForm, discover, freshPglite, httpRequest, startApp, storedSubmissions, type App, type MemoryReading, type Outcome, type SiteSample } from './harness';

export const LOAD_SECONDS = Number(process.env.RESILIENCE_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.RESILIENCE_LOAD_CONNECTIONS ?? 50);
/**
 * Contact-form posts per second, all connections together: 300 a minute is far above what the site
 * receives, and each post writes to the database (on PGlite, one connection that every query waits for).
 */
const FORM_RATE = Number(process.env.RESILIENCE_FORM_RATE ?? 5);
/**
 * Memory is stable when it levels off: the load runs in two halves, and what the server keeps after a
 * full garbage collection (V8's heap in use plus its external memory: buffers, and the WebAssembly
 * memory in which PGlite keeps the database) must grow less than this in the second half. The first
 * half fills the bounded caches (compressed pages 64 MB, GraphQL answers 16 MB, parsed queries 32 MB,
 * Next's own); a leak keeps growing in the second half. The RSS is reported beside it, not judged:
 * after the same collection it swung +77 MB then −76 MB in one run while the kept memory moved +6 MB
 * then −3 MB (freed pages the allocators keep or return when they like).
 */
const MAX_SECOND_HALF_GROWTH_MB = Number(process.env.RESILIENCE_MAX_RSS_GROWTH_MB ?? 100);

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export type Mix = {
  results: { name: string; result: autocannon.Result }[];
  /** Ids the form endpoint answered 2xx with. */
  acceptedIds: string[];
  formAnswers: Map<number, number>;
};

/** A client address per form post: the rate limit (5 per 10 min per client) is per address. */
function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Runs the mixed load; the connections are shared out between pages, GraphQL, documents and forms. */
export async function mixedLoad(app: App, site: SiteSample, seconds: number, connections: number, label = 'load'): Promise<Mix> {
  const acceptedIds: string[] = [];
  const formAnswers = new Map<number, number>();
  let posted = 0;
  const share = (weight: number) => Math.max(1, Math.round((connections * weight) / 10));
  const common = { url: app.base, duration: seconds, timeout: 10 };
  const runs: { name: string; options: autocannon.Options }[] = [
    {
      name: 'pages',
      options: {
        ...common,
        connections: share(5),
        headers: BROWSER,
        requests: [site.homeUrl, site.fundUrl, site.shareUrl, site.newsUrl].map((path) => ({ method: 'GET' as const, path })),
      },
    },
    {
      name: 'layout query',
      options: {
        ...common,
        connections: share(2),
        url: `${app.base}/graphql`,
        method: 'POST',
        headers: { ...BROWSER, 'content-type': 'application/json' },
        body: JSON.stringify({ query: LAYOUT_QUERY, variables: { ...LAYOUT_VARIABLES, locale: 'fr', investorProfile: 'RETAIL' } }),
      },
    },
    { name: 'documents', options: { ...common, url: app.base + site.documentUrl, connections: share(2) } },
    {
      name: 'contact form',
      options: {
        ...common,
        connections: share(1),
        overallRate: FORM_RATE,
        requests: [
          {
            method: 'POST',
            path: '/api/forms/contact',
            setupRequest: (req) => {
              posted += 1;
              const form = contactForm(`${label}-${randomUUID()}`);
              return { ...req, body: form.body, headers: { ...req.headers, 'content-type': form.contentType, 'x-forwarded-for': clientAddress(posted) } };
            },
            onResponse: (status, body) => {
              formAnswers.set(status, (formAnswers.get(status) ?? 0) + 1);
              if (status >= 200 && status < 300) {
                try {
                  const id = (JSON.parse(body) as { id?: string }).id;
                  if (id) acceptedIds.push(id);
                } catch {
                  /* counted as an answer without id below */
                }
              }
            },
          },
        ],
      },
    },
  ];
  const results = await Promise.all(runs.map(async (r) => ({ name: r.name, result: await autocannon(r.options) })));
  return { results, acceptedIds, formAnswers };
}

/** Each target once, before any load: it must answer 200 (and is rendered once, as a warm-up). */
export async function checkTargets(app: App, site: SiteSample): Promise<void> {
  for (const path of [site.homeUrl, site.fundUrl, site.shareUrl, site.newsUrl, site.documentUrl]) {
    const answer = await httpRequest(app.base + path, { method: 'GET', agent: false }, undefined, 60_000);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status} before any load`);
  }
}

export function summarize(mix: Mix): { errors: number; line: string } {
  let errors = 0;
  const parts: string[] = [];
  for (const { name, result } of mix.results) {
    const bad = result.errors + result.timeouts + result['4xx'] + result['5xx'];
    errors += bad;
    parts.push(`${name}: ${result.requests.total} req, p99 ${result.latency.p99} ms, ${result['5xx']} 5xx, ${result['4xx']} 4xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return { errors, line: parts.join('; ') };
}

function mergeCounts<K>(a: Map<K, number>, b: Map<K, number>): Map<K, number> {
  const merged = new Map(a);
  for (const [key, n] of b) merged.set(key, (merged.get(key) ?? 0) + n);
  return merged;
}

export async function runLoad(golden: string, port: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const pgliteDir = freshPglite(golden, 'load');
  // TRUSTED_PROXIES=1: the last X-Forwarded-For address is the client's, so each post counts as its own client.
  // --expose-gc: each memory reading follows a full collection (App.rssMbAfterGc).
  const app = startApp({ name: 'load', port, pgliteDir, env: { TRUSTED_PROXIES: '1', NODE_OPTIONS: '--expose-gc' } });
  try {
    await app.waitHealthy();
    const site = await discover(app.base);
    await checkTargets(app, site);
    const warmUp = await mixedLoad(app, site, Math.min(10, LOAD_SECONDS), CONNECTIONS, 'warm-up');
    const before = await app.memoryAfterGc();
    const firstHalf = await mixedLoad(app, site, Math.ceil(LOAD_SECONDS / 2), CONNECTIONS);
    const middle = await app.memoryAfterGc();
    const secondHalf = await mixedLoad(app, site, Math.floor(LOAD_SECONDS / 2), CONNECTIONS);
    const after = await app.memoryAfterGc();
    const halves = [summarize(firstHalf), summarize(secondHalf)];
    const warm = summarize(warmUp);
    outcomes.push({
      part: 'load',
      name: `${CONNECTIONS} connections for ${LOAD_SECONDS} s: pages, layout query, documents, contact form`,
      expected: 'no error, timeout, 4xx or 5xx',
      observed: `first half: ${halves[0]?.line}; second half: ${halves[1]?.line} (warm-up: ${warm.errors} bad)`,
      pass: halves.every((h) => h.errors === 0) && warm.errors === 0,
    });
    const kept = (m: MemoryReading | null) => (m ? Math.round((m.heapUsed + m.external) * 10) / 10 : null);
    const mb = (from: number | null, to: number | null) => (from !== null && to !== null ? Math.round((to - from) * 10) / 10 : null);
    const signed = (n: number | null) => (n === null ? '?' : `${n >= 0 ? '+' : ''}${n}`);
    const levelling = mb(kept(middle), kept(after));
    const rss = (m: MemoryReading | null) => m?.rss ?? null;
    outcomes.push({
      part: 'load',
      name: 'server memory (runtime/server.mjs after a full GC: heap in use + external)',
      expected: `levels off: grows ≤ ${MAX_SECOND_HALF_GROWTH_MB} MB in the second half of the load`,
      observed:
        `after the warm-up ${kept(before) ?? '?'} MB, half-way ${kept(middle) ?? '?'} MB, at the end ${kept(after) ?? '?'} MB: first half ${signed(mb(kept(before), kept(middle)))} MB, second half ${signed(levelling)} MB` +
        ` (RSS ${rss(before) ?? '?'} → ${rss(middle) ?? '?'} → ${rss(after) ?? '?'} MB)`,
      pass: levelling !== null && levelling <= MAX_SECOND_HALF_GROWTH_MB,
    });
    const mix = { acceptedIds: [...firstHalf.acceptedIds, ...secondHalf.acceptedIds], formAnswers: mergeCounts(firstHalf.formAnswers, secondHalf.formAnswers) };
    const stopped = await app.stop('SIGTERM', 30_000);
    const accepted = [...warmUp.acceptedIds, ...mix.acceptedIds];
    const answers = [...mix.formAnswers].map(([s, n]) => `${n}×${s}`).join(', ');
    const stored = await storedSubmissions({ pgliteDir }, accepted);
    const lost = accepted.filter((id) => !stored.has(id));
    const formTwoxx = [firstHalf, secondHalf].reduce((sum, half) => sum + (half.results.find((r) => r.name === 'contact form')?.result['2xx'] ?? 0), 0);
    const withoutId = formTwoxx - mix.acceptedIds.length;
    outcomes.push({
      part: 'load',
      name: 'contact-form submissions accepted under load are stored',
      expected: 'every 2xx answer carries an id found in the database afterwards; some accepted',
      observed: `${accepted.length} accepted (${answers || 'no answer'}), ${lost.length} lost, ${withoutId} 2xx without id; server exit ${stopped.code ?? stopped.signal}`,
      pass: accepted.length > 0 && lost.length === 0 && withoutId === 0,
    });
  } finally {
    await app.stop('SIGKILL', 5000);
  }
  return outcomes;
}
