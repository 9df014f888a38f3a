/**
 * One Lighthouse run (mobile, its default config: simulated throttling) in a fresh Chromium profile,
 * shared by `npm run bench` (scripts/bench.ts) and the bare page's check (scripts/bench-bare.ts).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type VisitKind = 'first visit' | 'returning visit';
/** Category scores (0–100) and `tbt`, the total blocking time in ms. */
export type LighthouseRun = Record<string, number>;

/**
 * A first visit starts with empty storage, so the disclaimer popup shows. A returning visit has
 * accepted it and made a cookie choice (the cookies the site writes then) and has seen the page
 * once: storage and HTTP cache are kept for the measured load. (The bare page ignores the cookies.)
 */
export async function lighthouseRun(url: string, kind: VisitKind): Promise<LighthouseRun> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const run = await oneRun(url, kind);
    if (run.ok) return run.scores;
    failures.push(run.reason);
    console.warn(`[bench] Lighthouse could not measure ${url} (${kind}), attempt ${attempt} of ${MAX_ATTEMPTS}: ${run.reason}`);
  }
  throw new Error(`Lighthouse could not measure ${url} (${kind}) in ${MAX_ATTEMPTS} attempts: ${failures.join('; ')}`);
}

/**
 * A run in which Lighthouse could not compute a category (one of its audits errored: about one run
 * in ten in the bench of 2026-11-27, where it had been counted as 0 in the median) is a failed
 * measurement, not a score of 0: it is run again, and the reason printed.
 */
const MAX_ATTEMPTS = 3;

async function oneRun(url: string, kind: VisitKind): Promise<{ ok: true; scores: LighthouseRun } | { ok: false; reason: string }> {
  const { default: lighthouse } = await import('lighthouse');
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    if (kind === 'returning visit') {
      const consent = encodeURIComponent(JSON.stringify({ v: 1, video: false, at: new Date().toISOString().slice(0, 10) }));
      await browser.setCookie(
        { name: 'cookie_consent', value: consent, domain: '127.0.0.1', path: '/' },
        { name: 'disclaimer_validated', value: 'true', domain: '127.0.0.1', path: '/' },
      );
      await page.goto(url, { waitUntil: 'networkidle0' });
    }
    const result = await lighthouse(url, { output: 'json', logLevel: 'error', disableStorageReset: kind === 'returning visit' }, undefined, page);
    if (!result) return { ok: false, reason: 'no result' };
    const { categories, audits, runtimeError } = result.lhr;
    const unscored = Object.values(categories).filter((category) => category.score === null);
    if (runtimeError || unscored.length > 0) {
      const errored = Object.values(audits).filter((audit) => audit.scoreDisplayMode === 'error');
      const reason = [runtimeError?.message, ...errored.map((audit) => `${audit.id}: ${audit.errorMessage ?? 'error'}`)].filter(Boolean).join(', ');
      return { ok: false, reason: reason || 'a category has no score' };
    }
    const scores: LighthouseRun = Object.fromEntries(Object.entries(categories).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]));
    scores.tbt = Math.round(audits['total-blocking-time']?.numericValue ?? 0);
    return { ok: true, scores };
  } finally {
    await browser.close();
  }
}
