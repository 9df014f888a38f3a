/**
 * What scripts/bench-weight.ts and scripts/bench-navigation.ts share: a headless Chromium with a
 * phone's viewport, and the main thread's tasks read from a trace of it.
 */
import type { Browser, Page } from 'puppeteer-core';

/** The trace categories that carry the renderer's top-level tasks. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', '__metadata'];

/** A fresh Chromium (CHROMIUM_PATH, else Debian's) and a page with a mid-range phone's viewport. */
export async function mobilePage(): Promise<{ browser: Browser; page: Page }> {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  return { browser, page };
}

type TraceEvent = { name: string; ph: string; pid: number; tid: number; dur?: number; tdur?: number; args?: { name?: string } };

/**
 * The CPU time in ms (thread time, `tdur`, which the machine's load hardly changes) of each
 * top-level task of the page's renderer main thread: the busiest of the trace's CrRendererMain threads.
 */
export function mainThreadTasks(trace: Uint8Array | undefined): number[] {
  const { traceEvents } = JSON.parse(Buffer.from(trace ?? new Uint8Array()).toString('utf8') || '{"traceEvents":[]}') as { traceEvents: TraceEvent[] };
  const mains = new Set(traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const perThread = new Map<string, number[]>();
  for (const e of traceEvents) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(key)) continue;
    perThread.set(key, [...(perThread.get(key) ?? []), (e.tdur ?? e.dur ?? 0) / 1000]);
  }
  const sum = (tasks: number[]) => tasks.reduce((x, y) => x + y, 0);
  return [...perThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
}
