/**
 * What a page makes the browser do, in figures a busy machine does not disturb (issue 24, decision 039):
 * `npx tsx scripts/bench-weight.ts http://127.0.0.1:3000 /fr /fr/gamme-fonds …` prints, per page, the
 * HTML's bytes (gzip), the RSC payload inlined in it (self.__next_f), the message catalogs serialized
 * into it (NextIntlClientProvider's `messages`), the first-load JavaScript (gzip), and the number of
 * client components the page hydrates (client references in the payload). With WEIGHT_LIGHTHOUSE=n
 * it adds the median over n Lighthouse runs (mobile, first visit) of total blocking time, script
 * evaluation and main-thread work (bootup-time and mainthread-work-breakdown audits). With
 * WEIGHT_TRACE=n (default 3) it loads each page n times in a fresh Chromium (a first visit: the
 * disclaimer popup opens), records a trace until the network is idle and 3 s more, and gives the
 * median CPU time of the page's main thread (thread time, `tdur`, of its top-level tasks: what the
 * machine's load hardly changes, unlike wall time) and the blocking time those tasks would make on a
 * phone 4× slower (Σ max(0, 4 × CPU − 50 ms), Lighthouse's CPU multiplier).
 */
import { gzipSync } from 'node:zlib';
import { mainThreadTasks, mobilePage, TRACE_CATEGORIES } from './bench-trace';

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.error('usage: tsx scripts/bench-weight.ts BASE_URL PATH…');
  process.exit(2);
}
const RUNS = Number(process.env.WEIGHT_LIGHTHOUSE ?? 0);
const TRACES = Number(process.env.WEIGHT_TRACE ?? 3);
const gz = (s: string | Buffer) => gzipSync(s, { level: 9 }).length;
const kb = (n: number) => Math.round(n / 102.4) / 10;

/** The RSC payload the page inlines: the strings pushed to self.__next_f, decoded. */
function flightData(html: string): string {
  let out = '';
  for (const m of html.matchAll(/self\.__next_f\.push\((\[.*?\])\)<\/script>/gs)) {
    try {
      const entry = JSON.parse(m[1]!) as [number, string?];
      if (typeof entry[1] === 'string') out += entry[1];
    } catch {
      /* not a JSON array */
    }
  }
  return out;
}

/** Every `"messages":{…}` object in the payload, its braces balanced (strings respected). */
function messageCatalogs(flight: string): string[] {
  const found: string[] = [];
  let from = 0;
  for (;;) {
    const at = flight.indexOf('"messages":{', from);
    if (at < 0) return found;
    let depth = 0;
    let inString = false;
    let i = at + '"messages":'.length;
    for (; i < flight.length; i++) {
      const c = flight[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) break;
    }
    found.push(flight.slice(at + '"messages":'.length, i + 1));
    from = i + 1;
  }
}

function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>/g)]
    .map((m) => m[1] ?? '')
    .filter((attrs) => !/\snomodule/i.test(attrs))
    .map((attrs) => attrs.match(/\ssrc="([^"]+)"/)?.[1])
    .filter((src): src is string => !!src && src.startsWith('/'));
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}

async function lighthouseFigures(url: string) {
  const { default: lighthouse } = await import('lighthouse');
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, page);
    const audits = result!.lhr.audits;
    const breakdown = (audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] } | undefined)?.items ?? [];
    return {
      score: Math.round((result!.lhr.categories.performance?.score ?? 0) * 100),
      tbt: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      bootup: Math.round(audits['bootup-time']?.numericValue ?? 0),
      mainThread: Math.round(audits['mainthread-work-breakdown']?.numericValue ?? 0),
      scriptEval: Math.round(breakdown.find((b) => b.group === 'scriptEvaluation')?.duration ?? 0),
    };
  } finally {
    await browser.close();
  }
}

/** Main-thread CPU of one first visit: total and 4×-throttled blocking estimate, in ms. */
async function traceFigures(url: string) {
  const { browser, page } = await mobilePage();
  try {
    await page.tracing.start({ categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'networkidle0' });
    await new Promise((r) => setTimeout(r, 3000));
    const tasks = mainThreadTasks(await page.tracing.stop());
    return {
      cpu: Math.round(tasks.reduce((x, y) => x + y, 0)),
      blocking4x: Math.round(tasks.reduce((x, t) => x + Math.max(0, 4 * t - 50), 0)),
    };
  } finally {
    await browser.close();
  }
}

console.log('| page | HTML gzip KB | RSC payload KB (gzip) | messages KB (raw) | client refs | first-load JS gzip KB | main-thread CPU ms | blocking at 4× ms | LH perf | TBT ms | bootup ms | script eval ms | main thread ms |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
for (const p of paths) {
  const html = await (await fetch(base + p)).text();
  const flight = flightData(html);
  const messages = messageCatalogs(flight).reduce((sum, m) => sum + Buffer.byteLength(m), 0);
  // Client references: lines of the payload that name a module to load (`I[…]`).
  const clientRefs = new Set([...flight.matchAll(/^[0-9a-f]+:I\[(\d+),/gm)].map((m) => m[1])).size;
  let js = 0;
  for (const src of new Set(scriptsOf(html))) js += gz(Buffer.from(await (await fetch(base + src)).arrayBuffer()));
  const runs: Awaited<ReturnType<typeof lighthouseFigures>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseFigures(base + p));
  const traces: Awaited<ReturnType<typeof traceFigures>>[] = [];
  for (let i = 0; i < TRACES; i++) traces.push(await traceFigures(base + p));
  const t = (k: keyof Awaited<ReturnType<typeof traceFigures>>) => (traces.length ? median(traces.map((r) => r[k])) : '');
  const m = (k: keyof Awaited<ReturnType<typeof lighthouseFigures>>) => (runs.length ? median(runs.map((r) => r[k])) : '');
  console.log(
    `| ${p} | ${kb(gz(html))} | ${kb(Buffer.byteLength(flight))} (${kb(gz(flight))}) | ${kb(messages)} | ${clientRefs} | ${kb(js)} | ${t('cpu')} | ${t('blocking4x')} | ${m('score')} | ${m('tbt')} | ${m('bootup')} | ${m('scriptEval')} | ${m('mainThread')} |`,
  );
}
