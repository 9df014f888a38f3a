import { notFound } from '@/server/http/document-response';
import { newsFeedXml } from '@/server/http/news-feed';
import { routeLocale } from '@/server/http/request-context';

export const dynamic = 'force-dynamic';

/** GET /{locale}/rss.xml: the RSS 2.0 feed of that language's news (src/server/http/news-feed.ts). */
export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const locale = routeLocale((await params).locale);
  const xml = locale ? await newsFeedXml(locale) : null;
  if (xml === null) return notFound();
  return new Response(xml, {
    headers: {
      'content-type': 'application/rss+xml; charset=utf-8',
      // Shared by every reader: news change a few times a month, the pages refresh every 5 minutes too.
      'cache-control': 'public, max-age=300',
    },
  });
}
