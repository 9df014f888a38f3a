import { feedMaxAge } from '@/domain/news/rss';
import { notFound } from '@/server/http/document-response';
import { newsFeedXml } from '@/server/http/news-feed';
import { routeLocale } from '@/server/http/request-context';
import { nextMomentOf } from '@/server/clock/schedule';

export const dynamic = 'force-dynamic';

/** GET /{locale}/rss.xml: the RSS 2.0 feed of that language's news (src/server/http/news-feed.ts). */
export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const locale = await routeLocale((await params).locale);
  const xml = locale ? await newsFeedXml(locale) : null;
  if (xml === null) return notFound();
  return new Response(xml, {
    headers: {
      'content-type': 'application/rss+xml; charset=utf-8',
      // Shared by every reader for 5 minutes, or until the next scheduled item goes online: a feed
      // reader or a CDN never keeps a feed past the time an item appears in it (docs/decisions/022).
      'cache-control': `public, max-age=${feedMaxAge(new Date(), nextMomentOf(['news']) ?? null)}`,
    },
  });
}
