import type { VitalsPayload } from '@/domain/telemetry/vitals';

export const VITALS_ENDPOINT = '/api/vitals';

type Reported = { name: string; value: number; rating: string; navigationType: string };

/**
 * The bodies to post for these metrics: one per navigation type (a back-forward-cache restore
 * reports apart from the first load), values rounded (ms; CLS to 4 decimals).
 */
export function vitalsBeacons(path: string, metrics: readonly Reported[]): string[] {
  const byType = new Map<string, Reported[]>();
  for (const metric of metrics) byType.set(metric.navigationType, [...(byType.get(metric.navigationType) ?? []), metric]);
  return [...byType].map(([navigationType, list]) =>
    JSON.stringify({
      path: path.slice(0, 512),
      navigationType,
      metrics: list.map((m) => ({ name: m.name, value: m.name === 'CLS' ? Math.round(m.value * 10_000) / 10_000 : Math.round(m.value), rating: m.rating })),
    } as VitalsPayload),
  );
}
