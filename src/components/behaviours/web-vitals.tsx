'use client';

import { useEffect } from 'react';

/** Once per page load, whatever layouts remount (a language switch renders a new layout). */
let decided = false;

/** The visitor asked sites not to measure them (Global Privacy Control, Do Not Track): no report. */
function optedOut(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1';
}

/**
 * Real-user Core Web Vitals (docs/decisions/034): on `sampleRate` of the visits, once the page has
 * loaded and the browser is idle, loads ./web-vitals-report (web-vitals and a beacon, its own
 * chunk from this origin) which posts the figures to /api/vitals when the page is hidden. Renders
 * nothing; the layout does not render it at all when the rate is 0.
 */
export function WebVitals({ sampleRate }: { sampleRate: number }) {
  useEffect(() => {
    if (decided) return;
    decided = true;
    // The decision, on <html data-vitals>: "off", or "sampled" then "reporting" once the reporter
    // listens (tests/e2e/web-vitals.spec.ts waits for it rather than for the idle timeout).
    const mark = (state: 'off' | 'sampled' | 'reporting') => document.documentElement.setAttribute('data-vitals', state);
    if (!(Math.random() < sampleRate) || optedOut()) return mark('off');
    mark('sampled');
    // The landing page's path: LCP, FCP and TTFB are its figures (client navigations keep the same document).
    const path = location.pathname;
    const report = () =>
      void import('./web-vitals-report')
        .then((m) => {
          m.startReporting(path);
          mark('reporting');
        })
        .catch(() => undefined);
    const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(report, { timeout: 10_000 }) : setTimeout(report, 2_000));
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
  }, [sampleRate]);
  return null;
}
