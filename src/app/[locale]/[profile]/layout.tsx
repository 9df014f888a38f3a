import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LoadingBar } from '@/components/behaviours/loading-bar';
import { SiteBehaviours } from '@/components/behaviours/site-behaviours';
import { ComplianceProvider } from '@/components/compliance/compliance-provider';
import { DisclaimerPreview } from '@/components/compliance/disclaimer-preview';
import type { DisclaimerContent, DisclaimerLabels } from '@/components/compliance/types';
import { sanitizeRichText } from '@/domain/rich-text';
import { SiteShell } from '@/components/layout/site-shell';
import { localizedPath } from '@/domain/paths';
import { env } from '@/env';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { getLayoutData, markAudience } from '@/server/queries/layout';
import { getDisclaimers, listInvestorProfiles } from '@/server/queries/site';

/**
 * Every page is rendered once per language and investor profile, on its first request, then
 * served from cache: nothing below reads cookies or headers. A change expires the pages it
 * touches at once (src/server/publish, docs/decisions/016); the hourly refresh is a safety net.
 */
export const revalidate = 3600;
export const dynamicParams = true;
export function generateStaticParams(): SiteParams[] {
  return [];
}

export default async function SiteLayout({ children, params }: { children: ReactNode; params: Promise<SiteParams> }) {
  const { locale, profile, audience } = await siteParams(params);
  const locales = env().locales;
  const [data, , labels, disclaimers, profiles] = await Promise.all([
    getLayoutData(locale, audience),
    // A registration change for this audience expires this page (docs/decisions/035).
    markAudience(audience).then(() => undefined),
    // The disclaimer popup switches language on the spot (docs/product.md §4): it gets its own texts in every language.
    Promise.all(locales.map(async (l) => [l, ((await getMessages({ locale: l })) as { Disclaimer: DisclaimerLabels }).Disclaimer] as const)),
    getDisclaimers(locale),
    listInvestorProfiles(locale),
  ]);
  // The page language's disclaimer, as the /graphql disclaimer query gives it, for the popup to open complete.
  const disclaimerContent: DisclaimerContent | null = disclaimers.main
    ? { title: disclaimers.title, main: sanitizeRichText(disclaimers.main), profiles }
    : null;
  const newsBasePaths = locales.map((l) => localizedPath('/news', l));
  const disclaimerLabels = Object.fromEntries(labels) as Partial<Record<typeof locale, DisclaimerLabels>>;
  return (
    <ComplianceProvider
      locale={locale}
      serverProfile={profile}
      serverCountry={audience.country}
      countries={data.countries}
      languages={data.languages}
      homes={Object.fromEntries(locales.map((l) => [l, localizedPath('/', l)]))}
      disclaimerLabels={disclaimerLabels}
      disclaimerContent={disclaimerContent}
    >
      {disclaimerLabels[locale] ? (
        <DisclaimerPreview labels={disclaimerLabels[locale]} languages={data.languages}
          countries={data.countries}
          country={audience.country}
          locale={locale}
          profile={profile}
          content={disclaimerContent}
        />
      ) : null}
      <SiteShell data={data} status={<LoadingBar />}>
        {children}
      </SiteShell>
      <SiteBehaviours newsBasePaths={newsBasePaths} vitalsSampleRate={env().VITALS_SAMPLE_RATE} />
    </ComplianceProvider>
  );
}
