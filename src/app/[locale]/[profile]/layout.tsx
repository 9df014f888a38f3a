import type { ReactNode } from 'react';
import { SiteBehaviours } from '@/components/behaviours/site-behaviours';
import { SiteShell } from '@/components/layout/site-shell';
import { localizedPath } from '@/i18n/paths';
import { env } from '@/env';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { getLayoutData } from '@/server/queries/layout';

/**
 * Every page is rendered once per language and investor profile, on its first request, then
 * served from cache and refreshed in the background at most every 5 minutes (ISR): nothing
 * below reads cookies or headers.
 */
export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams(): SiteParams[] {
  return [];
}

export default async function SiteLayout({ children, params }: { children: ReactNode; params: Promise<SiteParams> }) {
  const { locale, profile } = await siteParams(params);
  const data = await getLayoutData(locale, profile);
  const newsBasePaths = env().locales.map((l) => localizedPath('/news', l));
  return (
    <>
      <SiteShell data={data}>{children}</SiteShell>
      <SiteBehaviours newsBasePaths={newsBasePaths} />
    </>
  );
}
