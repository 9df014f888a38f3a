import { describe, expect, it } from 'vitest';
import { VITALS_MAX_BYTES, vitalsPayloadSchema } from '@/domain/telemetry/vitals';
import { vitalsBeacons } from './web-vitals-beacons';

const reported = [
  { name: 'LCP', value: 2140.00004, rating: 'good', navigationType: 'navigate' },
  { name: 'CLS', value: 0.01234, rating: 'good', navigationType: 'navigate' },
  { name: 'INP', value: 320.4, rating: 'needs-improvement', navigationType: 'navigate' },
  { name: 'TTFB', value: 180, rating: 'good', navigationType: 'navigate' },
  { name: 'FCP', value: 900, rating: 'good', navigationType: 'navigate' },
];

describe('vitals beacons', () => {
  it('builds bodies the endpoint accepts, within its size limit, whatever the path', () => {
    const [body, ...rest] = vitalsBeacons(`/fr/${'x'.repeat(3000)}`, reported);
    expect(rest).toEqual([]);
    expect(Buffer.byteLength(body!)).toBeLessThan(VITALS_MAX_BYTES);
    const parsed = vitalsPayloadSchema.parse(JSON.parse(body!));
    expect(parsed.metrics.find((m) => m.name === 'LCP')?.value).toBe(2140);
    expect(parsed.metrics.find((m) => m.name === 'CLS')?.value).toBe(0.0123);
  });

  it('sends a back-forward-cache restore apart', () => {
    const bodies = vitalsBeacons('/fr', [
      { name: 'LCP', value: 1, rating: 'good', navigationType: 'navigate' },
      { name: 'FCP', value: 1, rating: 'good', navigationType: 'back-forward-cache' },
    ]);
    expect(bodies.map((b) => (JSON.parse(b) as { navigationType: string }).navigationType)).toEqual(['navigate', 'back-forward-cache']);
  });
});
