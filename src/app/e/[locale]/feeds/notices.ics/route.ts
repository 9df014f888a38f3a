import { notFound } from '@/server/http/document-response';
import { audienceFromRequest, routeLocale } from '@/server/http/request-context';
import { feedResponse, noticesIcs } from '@/server/events/feeds';

export const dynamic = 'force-dynamic';

/** GET /e/{locale}/feeds/notices.ics: iCalendar (RFC 5545) of the funds' events and the dividends' ex-dates the audience may see, the latest 200 (docs/api.md "Feeds"). */
async function handle(request: Request, { params }: { params: Promise<{ locale: string }> }): Promise<Response> {
  const locale = await routeLocale((await params).locale);
  if (!locale) return notFound();
  const audience = audienceFromRequest(request);
  return feedResponse(request, await noticesIcs(locale, audience), 'text/calendar; charset=utf-8', audience, `notices-${locale}.ics`);
}

export { handle as GET, handle as HEAD };
