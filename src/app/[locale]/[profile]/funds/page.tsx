import { redirect } from 'next/navigation';
import { localizedPath } from '@/domain/routing/paths';
import { siteParams, type SiteParams } from '@/server/http/route-params';

/** docs/product.md §2: /{locale}/funds without a fund leads to the fund range. */
export default async function FundsIndex({ params }: { params: Promise<SiteParams> }) {
  const { locale } = await siteParams(params);
  redirect(localizedPath('/fund-range', locale));
}
