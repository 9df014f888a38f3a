import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { VITALS_ENDPOINT, vitalsBeacons } from './web-vitals-beacons';

/**
 * Loaded on demand by web-vitals.tsx: collects the page's vitals as web-vitals reports them and
 * sends what it has when the page is hidden (tab switched, page left, app backgrounded), the
 * moment LCP, CLS and INP are final. A page restored from the back-forward cache reports again.
 */
export function startReporting(path: string): void {
  const pending = new Map<string, Metric>();
  const add = (metric: Metric) => void pending.set(metric.name, metric);
  onTTFB(add);
  onFCP(add);
  onLCP(add);
  onCLS(add);
  onINP(add);
  const flush = () => {
    if (pending.size === 0) return;
    const metrics = [...pending.values()];
    pending.clear();
    for (const body of vitalsBeacons(path, metrics)) {
      if (!navigator.sendBeacon?.(VITALS_ENDPOINT, body)) void fetch(VITALS_ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => undefined);
    }
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  addEventListener('pagehide', flush);
}
