import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Where the browser suite's minutes go, printed after the run (playwright.config.ts, CI): the time
 * before the first test began (the servers starting, the global setup), each worker's time inside
 * tests and outside them (hooks such as a spec's own server starting, the worker restarting after a
 * failure, or waiting idle at the end), and the files whose tests took longest.
 */
export default class TimingReporter implements Reporter {
  private firstTest: number | null = null;
  private workers = new Map<number, { first: number; last: number; inTests: number; tests: number }>();
  private files = new Map<string, { ms: number; tests: number }>();

  onTestBegin(_test: TestCase, result: TestResult) {
    const now = Date.now();
    this.firstTest ??= now;
    const worker = this.workers.get(result.workerIndex);
    if (worker) worker.first = Math.min(worker.first, now);
    else this.workers.set(result.workerIndex, { first: now, last: now, inTests: 0, tests: 0 });
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const worker = this.workers.get(result.workerIndex);
    if (worker) {
      worker.last = Math.max(worker.last, Date.now());
      worker.inTests += result.duration;
      worker.tests += 1;
    }
    const file = test.location.file.replace(/^.*\/tests\/e2e\//, '');
    const entry = this.files.get(file) ?? { ms: 0, tests: 0 };
    entry.ms += result.duration;
    entry.tests += 1;
    this.files.set(file, entry);
  }

  onEnd(result: FullResult) {
    const s = (ms: number) => `${Math.round(ms / 1000)} s`;
    // The run's start is before the web servers started and the global setup ran.
    const start = result.startTime.getTime();
    const end = start + result.duration;
    const lines = [`browser suite timing: ${s(result.duration)} in all, ${s((this.firstTest ?? end) - start)} before the first test began (servers starting, global setup)`];
    // A worker index is reused by the worker that replaces one stopped after a failure: one line per index.
    for (const [index, w] of [...this.workers].sort((a, b) => a[0] - b[0])) {
      lines.push(`  worker ${index}: ${w.tests} tests, ${s(w.inTests)} in tests, ${s(w.last - w.first - w.inTests)} between them, idle ${s(end - w.last)} at the end`);
    }
    lines.push('  slowest files (time inside their tests):');
    for (const [file, { ms, tests }] of [...this.files].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12)) lines.push(`    ${s(ms).padStart(6)}  ${String(tests).padStart(3)} tests  ${file}`);
    console.log(lines.join('\n'));
  }

  printsToStdio() {
    return false;
  }
}
