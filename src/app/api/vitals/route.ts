import { recordVitals } from '@/server/vitals/record-vitals';

export const dynamic = 'force-dynamic';

/** POST /api/vitals: visitors' Core Web Vitals, logged (docs/decisions/034). */
export function POST(request: Request): Promise<Response> {
  return recordVitals(request);
}
