'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useConsent } from '@/components/consent/use-consent';
import { OPEN_COOKIE_SETTINGS_EVENT, SELECT_PROFILE_EVENT } from '@/components/layout/events';
import { lazyModule } from '@/components/layout/lazy-module';
import { currentUrl, localeSwitchHref } from '@/components/layout/locale-switch';
import { useLazyModule } from '@/components/layout/use-lazy-module';
import type { LayoutData } from '@/domain/layout';
import type { InvestorProfile } from '@/domain/catalog';
import type { Locale } from '@/env';
import { PROFILE_FUNDS_QUERY } from '@/graphql/operations';
import {
  consentRecorded,
  disclaimerRecorded,
  profileCookie,
  saveConsent,
  saveDisclaimerValidated,
  saveLocale,
  saveProfile,
  storedProfile,
  subscribeToStorage,
} from './browser-storage';
import { graphqlRequest } from './graphql-request';
import { ProfileContext, type ProfileState } from './profile-context';
import { hideDisclaimerPreview } from './disclaimer-preview-flag';
import type { ComplianceLanguage, DisclaimerContent, DisclaimerLabels } from './types';
import { useHydrated } from '@/components/hooks/use-hydrated';

const disclaimerModule = lazyModule(() => import('./disclaimer-dialog'));
const consentDialogModule = lazyModule(() => import('./consent-dialog'));
const noticeModule = lazyModule(() => import('./consent-notice'));


type FundsResponse = { funds: { slug: string; title: string; url: string; category: { title: string } }[] };

/**
 * The compliance layer (docs/product.md §4, §6, §9): investor profile, disclaimer gate and cookie consent,
 * around the whole site. Pages are rendered as validated (crawlers and visitors without JavaScript
 * get the content); in the browser the popup opens unless validation is recorded. The popup,
 * the notice and the settings dialog are loaded only when they are needed.
 */
export function ComplianceProvider({
  locale,
  serverProfile,
  languages,
  homes,
  disclaimerLabels,
  disclaimerContent,
  children,
}: {
  locale: Locale;
  serverProfile: InvestorProfile;
  languages: ComplianceLanguage[];
  /** The home page of each served language, where every choice reloads. */
  homes: Partial<Record<Locale, string>>;
  disclaimerLabels: Partial<Record<Locale, DisclaimerLabels>>;
  /** The disclaimer texts of the page's language (the popup fetches the others). */
  disclaimerContent: DisclaimerContent | null;
  children: ReactNode;
}) {
  const t = useTranslations('Consent');
  const router = useRouter();
  const consent = useConsent();
  // Browser-only facts, read after hydration; the server renders RETAIL-or-cookie and "validated".
  const hydrated = useHydrated();
  const stored = useSyncExternalStore(subscribeToStorage, storedProfile, () => null);
  const validated = useSyncExternalStore(subscribeToStorage, disclaimerRecorded, () => true);
  const profile = stored ?? serverProfile;
  const [fetched, setFetched] = useState<{ profile: InvestorProfile; funds: LayoutData['funds'] } | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [disclaimer, loadDisclaimer] = useLazyModule(disclaimerModule);
  const [settings, loadSettings] = useLazyModule(consentDialogModule);
  const [notice, loadNotice] = useLazyModule(noticeModule);

  const reloadAt = useCallback((target: Locale) => window.location.assign(homes[target] ?? `/${target}`), [homes]);

  // docs/product.md §4, on start: a stored profile that differs from the page's is applied (its cookie written
  // when consent allows, and the page re-rendered for it) and the funds are refetched for it.
  useEffect(() => {
    if (!stored || stored === serverProfile) return;
    if (consentRecorded() && profileCookie() !== stored) {
      saveProfile(stored);
      router.refresh();
    }
    let live = true;
    graphqlRequest<FundsResponse>(PROFILE_FUNDS_QUERY, { locale, investorProfile: stored }).then(
      ({ funds }) =>
        live && setFetched({ profile: stored, funds: funds.map((f) => ({ slug: f.slug, title: f.title, categoryTitle: f.category.title, href: f.url })) }),
      () => undefined, // the loading bar shows the failure; the server's list stays
    );
    return () => {
      live = false;
    };
  }, [stored, serverProfile, locale, router]);

  useEffect(() => {
    if (!validated) loadDisclaimer();
    // The page painted the preview but the visitor has validated (a storage the first script could not read).
    else if (hydrated) hideDisclaimerPreview();
  }, [validated, hydrated, loadDisclaimer]);

  // The notice waits for the disclaimer: confirming it reloads the page, where the notice then shows.
  useEffect(() => {
    if (hydrated && validated && !consent.recorded) loadNotice();
  }, [hydrated, validated, consent.recorded, loadNotice]);

  const selectProfile = useCallback(
    (profile: InvestorProfile) => {
      saveProfile(profile);
      reloadAt(locale);
    },
    [locale, reloadAt],
  );

  /** The disclaimer's submit action (docs/product.md §4), run with the chosen investor profile. */
  const submitDisclaimer = useCallback(
    (profile: InvestorProfile, chosen: Locale) => {
      saveProfile(profile);
      saveDisclaimerValidated(true);
      saveLocale(chosen);
      reloadAt(chosen);
    },
    [reloadAt],
  );

  /**
   * A language chosen inside the popup switches the site's locale at once (docs/product.md §4): the same page in
   * that language, through the language switch (/api/locale stores the language cookie), where the
   * popup opens again, in that language, since the disclaimer is not validated yet.
   */
  const switchLocale = useCallback((chosen: Locale) => {
    window.location.assign(localeSwitchHref(chosen, currentUrl(window.location.pathname, window.location.search)));
  }, []);

  const openSettings = useCallback(() => {
    loadSettings();
    setSettingsOpen(true);
  }, [loadSettings]);

  const recordConsent = useCallback((choice: { video: boolean }) => {
    saveConsent(choice);
    window.location.reload();
  }, []);

  useEffect(() => {
    const onProfile = (event: WindowEventMap[typeof SELECT_PROFILE_EVENT]) => selectProfile(event.detail.profile);
    window.addEventListener(SELECT_PROFILE_EVENT, onProfile);
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, openSettings);
    return () => {
      window.removeEventListener(SELECT_PROFILE_EVENT, onProfile);
      window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, openSettings);
    };
  }, [selectProfile, openSettings]);

  const profileState = useMemo<ProfileState>(
    () => ({ profile, funds: fetched?.profile === profile ? fetched.funds : null }),
    [profile, fetched],
  );
  const Notice = notice?.ConsentNotice;
  const disclaimerOpen = hydrated && !validated;
  // The notice sits where the floating button is and offers the same settings: one at a time.
  const noticeShown = !!Notice && hydrated && !consent.recorded && !disclaimerOpen;
  const Disclaimer = disclaimer?.DisclaimerDialog;
  const Settings = settings?.ConsentDialog;

  return (
    <ProfileContext.Provider value={profileState}>
      {noticeShown && Notice ? (
        <Notice onAcceptAll={() => recordConsent({ video: true })} onRefuseAll={() => recordConsent({ video: false })} onCustomize={openSettings} />
      ) : null}
      {children}
      <button
        type="button"
        hidden={noticeShown}
        onClick={openSettings}
        onPointerEnter={loadSettings}
        onFocus={loadSettings}
        data-print="hide"
        className="fixed bottom-4 left-4 z-[70] hidden size-12 items-center justify-center rounded-full border border-slate-300 bg-white text-brand shadow-lg hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:inline-flex"
      >
        <CookieIcon />
        <span className="sr-only">{t('floatingButton')}</span>
      </button>
      {Settings ? <Settings open={settingsOpen} onOpenChange={setSettingsOpen} consent={consent} onSave={recordConsent} /> : null}
      {Disclaimer && disclaimerOpen ? (
        <Disclaimer
          languages={languages}
          initialLocale={locale}
          initialProfile={profile}
          initialContent={disclaimerContent}
          labels={disclaimerLabels}
          onConfirm={submitDisclaimer}
          onLocale={switchLocale}
        />
      ) : null}
    </ProfileContext.Provider>
  );
}

function CookieIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a4 4 0 0 0 4.8 4.8 4 4 0 0 0 5 5z" />
      <circle cx="8.5" cy="10.5" r="1" fill="currentColor" />
      <circle cx="12" cy="15.5" r="1" fill="currentColor" />
      <circle cx="15.5" cy="12.5" r="0.6" fill="currentColor" />
    </svg>
  );
}
