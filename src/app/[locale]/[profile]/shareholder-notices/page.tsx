import type { Metadata } from 'next';
import type { SearchParamsInput } from '@/domain/funds/finder';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { NoticesListView, noticesListMetadata } from './notices-list-view';

/**
 * The shareholder notices list (/fr/avis-aux-porteurs, /en/shareholder-notices,
 * /es/avisos-a-los-participes; issue 34): every fund's notices the audience may see, filtered by the
 * query string (?fund=…&type=…&page=…, a GET form that works without JavaScript). Rendered per
 * request, like the document library's filtered views, from bounded reads.
 */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<SiteParams>; searchParams: Promise<SearchParamsInput> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await siteParams(params);
  return noticesListMetadata(locale);
}

export default async function ShareholderNoticesPage({ params, searchParams }: Props) {
  const [{ locale, audience }, search] = await Promise.all([siteParams(params), searchParams]);
  return <NoticesListView locale={locale} audience={audience} search={search} />;
}
