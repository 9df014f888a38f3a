import { notFound } from '@/server/http/document-response';
import { audienceFromRequest, routeLocale } from '@/server/http/request-context';
import { feedResponse, noticesRssXml } from '@/server/events/feeds';
import { getFund } from '@/server/funds/queries';

export const dynamic = 'force-dynamic';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** GET /e/{locale}/feeds/funds/{fundSlug}/notices.rss: one fund's notices; a fund unknown to the audience is a 404 (docs/api.md "Feeds"). */
async function handle(request: Request, { params }: { params: Promise<{ locale: string; fundSlug: string }> }): Promise<Response> {
  const { locale: rawLocale, fundSlug } = await params;
  const locale = await routeLocale(rawLocale);
  if (!locale || !SLUG.test(fundSlug)) return notFound();
  const audience = audienceFromRequest(request);
  const fund = await getFund(locale, fundSlug, audience);
  if (!fund) return notFound();
  return feedResponse(request, await noticesRssXml(locale, audience, fund.slug, fund.title), 'application/rss+xml; charset=utf-8', audience);
}

export { handle as GET, handle as HEAD };
