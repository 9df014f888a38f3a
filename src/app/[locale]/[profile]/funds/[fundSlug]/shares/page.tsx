import { notFound, redirect } from 'next/navigation';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { getFund } from '@/server/funds/queries';

/**
 * docs/product.md §2: the share parameter is optional, /{locale}/funds/{fundSlug}/shares leads to the fund's main share
 * (the first the profile may see when the main one is hidden from it). A temporary redirect: the main share
 * may change.
 */
export default async function FundSharesIndex({ params }: { params: Promise<SiteParams & { fundSlug: string }> }) {
  const { locale, audience } = await siteParams(params);
  const { fundSlug } = await params;
  const fund = await getFund(locale, fundSlug, audience);
  // Shares come main first, then in their display order.
  const main = fund?.shares[0];
  if (!main) notFound();
  redirect(main.url);
}
