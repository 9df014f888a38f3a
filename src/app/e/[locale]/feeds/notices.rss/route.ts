import { notFound } from '@/server/http/document-response';
import { audienceFromRequest, routeLocale } from '@/server/http/request-context';
import { feedResponse, noticesRssXml } from '@/server/events/feeds';

export const dynamic = 'force-dynamic';

/** GET /e/{locale}/feeds/notices.rss: RSS 2.0 of every fund's shareholder notices the audience may see, the newest 50 (docs/api.md "Feeds"). */
async function handle(request: Request, { params }: { params: Promise<{ locale: string }> }): Promise<Response> {
  const locale = await routeLocale((await params).locale);
  if (!locale) return notFound();
  const audience = audienceFromRequest(request);
  return feedResponse(request, await noticesRssXml(locale, audience, null, null), 'application/rss+xml; charset=utf-8', audience);
}

export { handle as GET, handle as HEAD };
