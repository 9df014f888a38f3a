import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotFoundMessage } from '@/components/layout/not-found-message';
import { siteParams, type SiteParams } from '@/server/http/route-params';

/**
 * Where the proxy sends every unknown fund, share, article or category (src/proxy.ts,
 * docs/decisions/013): a page of its own, so that its translated 404 is rendered once per language
 * and profile and then served from Next's cache like any page, instead of being rendered again for
 * every unknown URL (≈ 50 ms of the server's time each, measured).
 *
 * It renders the 404 screen as its content rather than calling notFound(): Next 16 answers a
 * notFound() thrown while rendering with an empty error shell, the text appearing only once the
 * script has run (vercel/next.js#62228). The status 404 is set by runtime/server.mjs, from the
 * header the proxy puts on this rewrite (NOT_FOUND_PAGE_HEADER, docs/decisions/019).
 */
export async function generateMetadata({ params }: { params: Promise<SiteParams> }): Promise<Metadata> {
  const { locale } = await siteParams(params);
  const t = await getTranslations({ locale, namespace: 'NotFound' });
  return { title: { absolute: t('title') }, robots: { index: false, follow: true } };
}

export default async function UnknownPage({ params }: { params: Promise<SiteParams> }) {
  const { locale } = await siteParams(params);
  return <NotFoundMessage locale={locale} />;
}
