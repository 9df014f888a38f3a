import type { Metadata } from 'next';
import { FundRoute, fundTabMetadata } from './fund-route';
import { siteParams, type SiteParams } from '@/server/http/route-params';

type Props = { params: Promise<SiteParams & { fundSlug: string }> };

/** Rendered on first request per language and profile, then cached (docs/decisions/001). */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, audience } = await siteParams(params);
  return fundTabMetadata({ locale, audience, fundSlug: (await params).fundSlug, tab: 'overview' });
}

/** The fund page's overview tab, at /{locale}/funds/{fundSlug}. */
export default async function FundOverviewPage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  return <FundRoute locale={locale} audience={audience} fundSlug={(await params).fundSlug} tab="overview" />;
}
