import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { fundTabPath, resolveTabSegment } from '@/domain/funds/tabs';
import { FundRoute, fundTabMetadata } from '../fund-route';
import { siteParams, type SiteParams } from '@/server/http/route-params';

type Props = { params: Promise<SiteParams & { fundSlug: string; tab: string }> };

/** Rendered on first request per language and profile, then cached (docs/decisions/001). */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, audience } = await siteParams(params);
  const { fundSlug, tab } = await params;
  const resolved = resolveTabSegment(tab);
  return resolved.type === 'tab' ? fundTabMetadata({ locale, audience, fundSlug, tab: resolved.tab }) : {};
}

/** A tab of the fund page other than the overview: /{locale}/funds/{fundSlug}/{tab}. An unknown tab is a 404. */
export default async function FundTabPage({ params }: Props) {
  const { locale, audience } = await siteParams(params);
  const { fundSlug, tab } = await params;
  const resolved = resolveTabSegment(tab);
  if (resolved.type === 'default') permanentRedirect(fundTabPath(locale, fundSlug, 'overview'));
  if (resolved.type !== 'tab') notFound();
  return <FundRoute locale={locale} audience={audience} fundSlug={fundSlug} tab={resolved.tab} />;
}
