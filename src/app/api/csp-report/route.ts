import { receiveCspReport } from '@/server/http/csp-report';

export const dynamic = 'force-dynamic';

/** POST /api/csp-report: the browsers' reports of what the CSP blocked (src/server/http/csp-report.ts). */
export async function POST(request: Request): Promise<Response> {
  return receiveCspReport(request);
}
