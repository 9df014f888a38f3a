import 'server-only';
import { createRateLimiter, routePattern, VITALS_MAX_BYTES, vitalsPayloadSchema } from '@/domain/telemetry/vitals';
import { env } from '@/env';
import { clientAddress, isCrossSitePost } from '@/server/forms/request-info';
import { readBody } from '@/server/http/read-body';
import { areaLogger } from '@/server/log/logger';
import { outsideRequest } from '@/server/log/request-context';

const log = areaLogger('vitals');

/** A visit sends one beacon (two when it is restored from the back-forward cache): 30 a minute is generous. */
const limiter = createRateLimiter({ max: 30, windowMs: 60_000, maxClients: 10_000 });

const empty = (status: number) => new Response(null, { status, headers: { 'cache-control': 'no-store' } });

/**
 * POST /api/vitals (docs/decisions/034): a browser's Core Web Vitals, one log line per metric with
 * its value, rating, route pattern and navigation type. Nothing else of the request is kept: no
 * address (used in memory for the rate limit only), no query string, no user agent, no request id. 204 when
 * logged, 403 from another site, 400 when unreadable, 413 over 2 KB, 429 over the rate limit; never a 500.
 */
export async function recordVitals(request: Request): Promise<Response> {
  try {
    // Another site's page cannot feed the figures (sendBeacon sends Sec-Fetch-Site and Origin).
    if (isCrossSitePost(request.headers, request.url, env().PUBLIC_BASE_URL)) return empty(403);
    if (!limiter.allow(clientAddress(request.headers), Date.now())) return empty(429);
    const body = await readBody(request, { maxBytes: VITALS_MAX_BYTES, timeoutMs: 5_000 });
    if (!body.ok) return empty(body.failure === 'tooLarge' ? 413 : 400);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body.bytes));
    } catch {
      return empty(400);
    }
    const parsed = vitalsPayloadSchema.safeParse(json);
    if (!parsed.success) return empty(400);
    const route = routePattern(parsed.data.path);
    // Without the request id: a vitals line cannot be joined to the request's other lines.
    for (const metric of parsed.data.metrics) {
      outsideRequest(() => log.info({ metric: metric.name, value: metric.value, rating: metric.rating, route, navigationType: parsed.data.navigationType }, 'web vital'));
    }
    return empty(204);
  } catch (error) {
    log.warn({ err: error }, 'vitals beacon not recorded');
    return empty(400);
  }
}
