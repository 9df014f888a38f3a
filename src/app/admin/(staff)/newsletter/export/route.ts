import { CSV_BOM, CSV_CONTENT_TYPE } from '@/domain/csv/write';
import { isNewsletterOption, MAX_NEWSLETTER_EXPORT_ROWS, subscribersCsv } from '@/domain/privacy/gdpr';
import { requireStaffApi } from '@/server/auth/staff';
import { getDb } from '@/server/db';
import { privateDownload } from '@/server/http/private-download';
import { exportSubscribers } from '@/server/privacy/newsletter';

export const dynamic = 'force-dynamic';

/**
 * The newsletter list as CSV for the mailing tool (`?option=REP|AN|EVE|NEWS`, else every
 * subscriber): one row per address, at most MAX_NEWSLETTER_EXPORT_ROWS. Exporting personal data
 * is handling it: editors and admins only.
 */
export async function GET(request: Request) {
  const staff = await requireStaffApi(request, 'submissions.handle');
  if (staff instanceof Response) return staff;
  const param = new URL(request.url).searchParams.get('option');
  const option = isNewsletterOption(param) ? param : undefined;
  const rows = await exportSubscribers(await getDb(), option, MAX_NEWSLETTER_EXPORT_ROWS);
  const day = new Date().toISOString().slice(0, 10);
  return privateDownload(CSV_BOM + subscribersCsv(rows), `newsletter-${option ?? 'all'}-${day}.csv`, CSV_CONTENT_TYPE);
}
