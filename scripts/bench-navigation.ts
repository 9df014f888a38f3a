/**
 * What a click from one page to another costs the browser (issue 24: the page transition's cost,
 * decision 047): `npx tsx scripts/bench-navigation.ts BASE_URL FROM_PATH LINK_PATH [runs]` opens
 * FROM_PATH in a fresh mobile Chromium (disclaimer validated, consent recorded), clicks its link to
 * LINK_PATH and prints the medians over the runs of:
 * - the time from the click until the new page's main heading is in the document (content), and
 *   until no animation runs any more (settled: the view transition, when there is one, has ended);
 * - the main thread's CPU time over that navigation (thread time of its top-level tasks in a
 *   Chromium trace, which the machine's load hardly changes, unlike the wall times above).
 * Run it against two builds (with and without the transition) on the same machine, interleaved.
 */
import { CONSENT_COOKIE, DISCLAIMER_COOKIE, PROFILE_COOKIE, serializeConsent } from '@/domain/privacy/consent';

const [base, from, to, runsArg] = process.argv.slice(2);
if (!base || !from || !to) {
  console.error('usage: tsx scripts/bench-navigation.ts BASE_URL FROM_PATH LINK_PATH [runs]');
  process.exit(2);
}
const RUNS = Number(runsArg ?? 7);

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

/** Runs in the page: clicks the link, then times the new heading's arrival and the end of every animation. */
const IN_PAGE = `async (href) => {
  const link = [...document.querySelectorAll('a[href]')].find((a) => a.getAttribute('href') === href);
  if (!link) throw new Error('no link to ' + href);
  link.scrollIntoView();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const before = document.querySelector('main h1')?.textContent;
  const start = performance.now();
  link.click();
  let content = 0;
  await new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error('the page did not change')), 20000);
    const check = () => {
      const h1 = document.querySelector('main h1');
      if (location.pathname === href && h1 && h1.textContent !== before) {
        content = performance.now() - start;
        clearTimeout(give);
        resolve();
      } else requestAnimationFrame(check);
    };
    check();
  });
  while (document.getAnimations().some((a) => a.playState === 'running' || a.playState === 'pending')) {
    await new Promise((r) => requestAnimationFrame(r));
  }
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return { content, settled: performance.now() - start };
}`;

async function navigateOnce() {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
    const { hostname } = new URL(base!);
    await browser.setCookie(
      { name: DISCLAIMER_COOKIE, value: 'true', domain: hostname, path: '/' },
      { name: PROFILE_COOKIE, value: 'RETAIL', domain: hostname, path: '/' },
      { name: CONSENT_COOKIE, value: serializeConsent({ video: false }, new Date()), domain: hostname, path: '/' },
    );
    await page.goto(base + from!, { waitUntil: 'networkidle0' });
    // Next prefetches the link's page once it is in view: wait for it, as a visitor reading would.
    await new Promise((r) => setTimeout(r, 1500));
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', '__metadata'] });
    // A string, not a function: the bundler's helpers (tsx names functions) do not exist in the page.
    const timings = (await page.evaluate(`(${IN_PAGE})(${JSON.stringify(to)})`)) as { content: number; settled: number };
    const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString('utf8')) as { traceEvents: TraceEvent[] };
    const mains = new Set(trace.traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const perThread = new Map<string, number>();
    for (const e of trace.traceEvents) {
      const key = `${e.pid}:${e.tid}`;
      if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(key)) continue;
      perThread.set(key, (perThread.get(key) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
    }
    const cpu = Math.max(0, ...perThread.values());
    return { content: Math.round(timings.content), settled: Math.round(timings.settled), cpu: Math.round(cpu) };
  } finally {
    await browser.close();
  }
}

const runs: Awaited<ReturnType<typeof navigateOnce>>[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await navigateOnce());
const m = (k: keyof (typeof runs)[number]) => median(runs.map((r) => r[k]));
console.log(JSON.stringify({ base, from, to, runs: RUNS, contentMs: m('content'), settledMs: m('settled'), cpuMs: m('cpu'), each: runs }));
