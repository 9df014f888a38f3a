import { getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LoadingBar } from '@/components/behaviours/loading-bar';
import { ServerErrorTextsProvider } from '@/components/behaviours/server-error-texts';
import { SiteBehaviours } from '@/components/behaviours/site-behaviours';
import { ComplianceProvider } from '@/components/compliance/compliance-provider';
import { DisclaimerPopup } from '@/components/compliance/disclaimer-popup';
import type { DisclaimerContent, DisclaimerLabels } from '@/components/compliance/types';
import { sanitizeRichText } from '@/domain/content/rich-text';
import { SiteShell } from '@/components/layout/site-shell';
import { localizedPath } from '@/domain/routing/paths';
import { env } from '@/env';
import { siteParams, type SiteParams } from '@/server/http/route-params';
import { getLayoutData } from '@/server/site/layout-queries';
import { getDisclaimers, listInvestorProfiles } from '@/server/site/queries';
import { offeredLocales } from '@/server/site/languages-queries';

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
  const locales = await offeredLocales();
  // getLayoutData tags the page with the menu and its audience (docs/decisions/035, 044).
  const [data, messages, disclaimers, profiles, t] = await Promise.all([
    getLayoutData(locale, audience),
    // The disclaimer popup's texts, in the page's language: a language chosen in it loads the page in that language.
    getMessages({ locale }) as Promise<{ Disclaimer?: DisclaimerLabels }>,
    getDisclaimers(locale),
    listInvestorProfiles(locale),
    getTranslations({ locale, namespace: 'Consent' }),
  ]);
  const [behaviours, serverError] = await Promise.all([getTranslations({ locale, namespace: 'Behaviours' }), getTranslations({ locale, namespace: 'ServerError' })]);
  // The page language's disclaimer, as the /graphql disclaimer query gives it.
  const disclaimerContent: DisclaimerContent | null = disclaimers.main
    ? { title: disclaimers.title, main: sanitizeRichText(disclaimers.main), profiles }
    : null;
  const newsBasePaths = locales.map((l) => localizedPath('/news', l));
  return (
    <ComplianceProvider
      locale={locale}
      serverProfile={profile}
      serverCountry={audience.country}
      countries={data.countries}
      languages={data.languages}
      homes={Object.fromEntries(locales.map((l) => [l, localizedPath('/', l)]))}
      cookieSettingsLabel={t('floatingButton')}
    >
      {messages.Disclaimer ? (
        <DisclaimerPopup
          labels={messages.Disclaimer}
          languages={data.languages}
          countries={data.countries}
          country={audience.country}
          locale={locale}
          profile={profile}
          content={disclaimerContent}
        />
      ) : null}
      <SiteShell data={data} status={<LoadingBar labels={{ loading: behaviours('loading'), loadingFailed: behaviours('loadingFailed') }} />}>
        <ServerErrorTextsProvider
          texts={{ title: serverError('title'), message: serverError('message'), reference: serverError.raw('reference') as string, backHome: serverError('backHome') }}
        >
          {children}
        </ServerErrorTextsProvider>
      </SiteShell>
      <SiteBehaviours
        newsBasePaths={newsBasePaths}
        vitalsSampleRate={env().VITALS_SAMPLE_RATE}
        onlineLabels={{ offline: behaviours('offline'), online: behaviours('online') }}
      />
    </ComplianceProvider>
  );
}
