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
import { mainThreadTasks, mobilePage, TRACE_CATEGORIES } from './bench-trace';
import { CONSENT_COOKIE, DISCLAIMER_COOKIE, PROFILE_COOKIE, serializeConsent } from '@/domain/privacy/consent';

const [base, from, to, runsArg] = process.argv.slice(2);
if (!base || !from || !to) {
  console.error('usage: tsx scripts/bench-navigation.ts BASE_URL FROM_PATH LINK_PATH [runs]');
  process.exit(2);
}
const RUNS = Number(runsArg ?? 7);


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
  const { browser, page } = await mobilePage();
  try {
    const { hostname } = new URL(base!);
    await browser.setCookie(
      { name: DISCLAIMER_COOKIE, value: 'true', domain: hostname, path: '/' },
      { name: PROFILE_COOKIE, value: 'RETAIL', domain: hostname, path: '/' },
      { name: CONSENT_COOKIE, value: serializeConsent({ video: false }, new Date()), domain: hostname, path: '/' },
    );
    await page.goto(base + from!, { waitUntil: 'networkidle0' });
    // Next prefetches the link's page once it is in view: wait for it, as a visitor reading would.
    await new Promise((r) => setTimeout(r, 1500));
    await page.tracing.start({ categories: TRACE_CATEGORIES });
    // A string, not a function: the bundler's helpers (tsx names functions) do not exist in the page.
    const timings = (await page.evaluate(`(${IN_PAGE})(${JSON.stringify(to)})`)) as { content: number; settled: number };
    const cpu = mainThreadTasks(await page.tracing.stop()).reduce((x, y) => x + y, 0);
    return { content: Math.round(timings.content), settled: Math.round(timings.settled), cpu: Math.round(cpu) };
  } finally {
    await browser.close();
  }
}

const runs: Awaited<ReturnType<typeof navigateOnce>>[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await navigateOnce());
const m = (k: keyof (typeof runs)[number]) => median(runs.map((r) => r[k]));
console.log(JSON.stringify({ base, from, to, runs: RUNS, contentMs: m('content'), settledMs: m('settled'), cpuMs: m('cpu'), each: runs }));
