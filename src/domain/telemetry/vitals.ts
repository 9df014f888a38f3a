import { z } from 'zod';

/**
 * Real-user Core Web Vitals (docs/decisions/034): what a visitor's browser may report to
 * POST /api/vitals, and what the server keeps of it. Pure: the route and the client use it.
 */

/** The largest body the endpoint reads: five metrics and a path take about 600 bytes. */
export const VITALS_MAX_BYTES = 2048;

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export const NAVIGATION_TYPES = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore'] as const;

const metric = z
  .object({
    name: z.enum(VITAL_NAMES),
    // Milliseconds (CLS: a unitless score). Anything above 10 minutes is not a page load.
    value: z.number().finite().min(0).max(600_000),
    rating: z.enum(['good', 'needs-improvement', 'poor']),
  })
  .strict();

export const vitalsPayloadSchema = z
  .object({
    /** location.pathname, never its query or hash; the server keeps only its route pattern. */
    path: z.string().min(1).max(512).startsWith('/'),
    navigationType: z.enum(NAVIGATION_TYPES),
    metrics: z.array(metric).min(1).max(VITAL_NAMES.length),
  })
  .strict();

export type VitalsPayload = z.infer<typeof vitalsPayloadSchema>;
export type VitalMetric = VitalsPayload['metrics'][number];

const SEGMENT = /^[a-z0-9][a-z0-9-]{0,39}$/;

/**
 * The route pattern a path is logged under: the language and the first segment (`/fr/gamme-fonds`),
 * deeper segments as `*` (`/fr/funds/*`: which fund is not needed to read the figures, and a path
 * could hold a token). A segment that is not a plain lower-case slug becomes `*` too; whatever
 * follows `?` or `#` is dropped.
 */
export function routePattern(path: string): string {
  const segments = path.split(/[?#]/, 1)[0]!.split('/').filter(Boolean);
  const kept = segments.map((segment, i) => (i < 2 && SEGMENT.test(segment) ? segment : '*'));
  // Four levels tell a fund page (/fr/funds/*) from a share page (/fr/funds/*/*); deeper ones read the same.
  return `/${kept.slice(0, 4).join('/')}`;
}

/**
 * The server's answer to flooding: at most `max` beacons per client per window, remembered for at
 * most `maxClients` clients (the oldest forgotten first), so memory stays bounded whatever the
 * number of addresses. `now` is injected for tests.
 */
export function createRateLimiter({ max, windowMs, maxClients }: { max: number; windowMs: number; maxClients: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    allow(client: string, now: number): boolean {
      const current = windows.get(client);
      if (current && now - current.start < windowMs) {
        current.count += 1;
        return current.count <= max;
      }
      // A new window: re-inserted at the end, so the map's order is the order of last windows.
      windows.delete(client);
      windows.set(client, { start: now, count: 1 });
      while (windows.size > maxClients) windows.delete(windows.keys().next().value!);
      return true;
    },
    get size(): number {
      return windows.size;
    },
  };
}
