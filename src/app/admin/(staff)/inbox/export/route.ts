import { CSV_BOM, CSV_CONTENT_TYPE } from '@/domain/csv/write';
import { submissionsCsv } from '@/domain/forms/csv';
import { MAX_EXPORT_ROWS, readInboxFilter } from '@/domain/forms/inbox';
import { requireStaffApi } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { privateDownload } from '@/server/http/private-download';
import { listSubmissions } from '@/server/submissions/queries';

export const dynamic = 'force-dynamic';

/**
 * The inbox's submissions as CSV, with the filters of the list: the same rows and columns as
 * `npm run export:submissions` (listSubmissions + submissionsCsv), oldest first, at most
 * MAX_EXPORT_ROWS a file. Exporting personal data is handling it: editors and admins only.
 */
export async function GET(request: Request) {
  const staff = await requireStaffApi(request, 'submissions.handle');
  if (staff instanceof Response) return staff;
  const url = new URL(request.url);
  const filter = readInboxFilter(Object.fromEntries(url.searchParams));
  const records = await listSubmissions(await getDb(), { inbox: filter, limit: MAX_EXPORT_ROWS });
  const day = new Date().toISOString().slice(0, 10);
  return privateDownload(CSV_BOM + submissionsCsv(records), `submissions-${filter.kind ?? 'all'}-${day}.csv`, CSV_CONTENT_TYPE);
}
