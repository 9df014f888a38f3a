'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { consentStore } from '@/components/consent/use-consent';
import { useBrowserStore } from '@/components/hooks/use-hydrated';
import { lazyModule } from '@/components/layout/lazy-module';
import { currentUrl, localeSwitchHref } from '@/components/layout/locale-switch';
import { useLazyModule } from '@/components/layout/use-lazy-module';
import type { InvestorProfile } from '@/domain/catalog';
import type { Locale } from '@/env';
import {
  disclaimerRecorded,
  saveConsent,
  saveCountry,
  saveDisclaimerValidated,
  saveLocale,
  saveProfile,
  storedCountry,
  storedProfile,
  subscribeToStorage,
} from './browser-storage';
import { ComplianceContext, type ComplianceActions } from './compliance-context';
import { complianceTexts } from './compliance-messages';
import { leave } from './leave';
import { DISCLAIMER_DIALOG_ID } from '@/domain/content/disclaimer-script';
import { preselectedCountry } from '@/domain/registrations/audience';
import type { DisclaimerChoice } from './disclaimer-form';
import type { ComplianceCountry, ComplianceLanguage } from './types';
import { useHydrated } from '@/components/hooks/use-hydrated';
import { useStoredCountry, useStoredProfile } from './use-stored-profile';

/**
 * Each consent dialog's code and, beside it, the texts it shows (compliance-messages.ts) and
 * next-intl's client provider for its useTranslations: none of them is in the page's first load.
 */
const withTexts = <T,>(importer: () => Promise<T>) =>
  lazyModule(async () => {
    const [module, texts, intl] = await Promise.all([importer(), complianceTexts.load(), import('next-intl')]);
    return { ...module, texts, IntlProvider: intl.NextIntlClientProvider };
  });
const consentDialogModule = withTexts(() => import('./consent-dialog'));
const noticeModule = withTexts(() => import('./consent-notice'));

/**
 * The disclaimer gate (docs/product.md §4): the popup is the server's <dialog>, which the page's
 * first script opens unless validation is recorded in the browser (disclaimer-popup.tsx); here, only
 * if it is open, its behaviours' script is loaded and attached (disclaimer-form.ts). Its actions save
 * the choices and reload at the chosen language's home page.
 */
function useDisclaimerGate(
  locale: Locale,
  homes: Partial<Record<Locale, string>>,
  popup: { languages: ComplianceLanguage[]; countries: ComplianceCountry[]; codes: string[]; serverCountry: string },
) {
  const hydrated = useHydrated();
  const validated = useBrowserStore(subscribeToStorage, disclaimerRecorded, () => true);
  const reloadAt = useCallback((target: Locale) => leave(homes[target] ?? `/${target}`), [homes]);

  /** The disclaimer's submit action, run with the chosen investor profile and country of residence. */
  const confirm = useCallback(
    ({ profile, locale: chosen, country }: DisclaimerChoice) => {
      saveCountry(country);
      saveProfile(profile);
      saveDisclaimerValidated(true);
      saveLocale(chosen);
      reloadAt(chosen);
    },
    [reloadAt],
  );

  /**
   * A language chosen inside the popup switches the site's locale at once: the same page in that
   * language, through the language switch (/api/locale stores the language cookie), where the popup
   * opens again, in that language, since the disclaimer is not validated yet.
   */
  const switchLocale = useCallback((chosen: Locale, country: string) => {
    // The country chosen is kept, so the popup opens again with it (and the page is rendered for it).
    saveCountry(country);
    leave(localeSwitchHref(chosen, currentUrl(window.location.pathname, window.location.search)));
  }, []);

  const { languages, countries, codes, serverCountry } = popup;
  useEffect(() => {
    const dialog = document.getElementById(DISCLAIMER_DIALOG_ID);
    if (!(dialog instanceof HTMLDialogElement)) return;
    // Validated (another tab, or a storage the page's first script could not read): the popup goes.
    if (validated) {
      if (dialog.open && disclaimerRecorded()) dialog.close();
      return;
    }
    let live = true;
    let detach: (() => void) | undefined;
    void import('./disclaimer-form').then(({ attachDisclaimer }) => {
      if (!live) return;
      // The stored choices are read once, here: a choice saved while the popup is open (the country
      // kept as the page leaves for another language) must not attach it again.
      const country = storedCountry();
      detach = attachDisclaimer(dialog, {
        locale,
        languages,
        countries,
        serverCountry,
        // The browser's languages may suggest a country (es-ES: Spain); the visitor confirms it.
        suggestedCountry: (country && codes.includes(country) ? country : null) ?? preselectedCountry(navigator.languages, codes),
        storedProfile: storedProfile(),
        onConfirm: confirm,
        onLocale: switchLocale,
      });
    });
    return () => {
      live = false;
      detach?.();
    };
  }, [validated, locale, languages, countries, codes, serverCountry, confirm, switchLocale]);

  const selectProfile = useCallback(
    (profile: InvestorProfile) => {
      saveProfile(profile);
      reloadAt(locale);
    },
    [locale, reloadAt],
  );

  /** A country chosen in the header: stored like the profile, and the language's home page reloaded (docs/decisions/035). */
  const selectCountry = useCallback(
    (country: string) => {
      saveCountry(country);
      reloadAt(locale);
    },
    [locale, reloadAt],
  );

  return { open: hydrated && !validated, selectProfile, selectCountry };
}

/**
 * Cookie consent (docs/product.md §9): the notice until a choice is recorded (after the disclaimer,
 * whose confirmation reloads the page), the settings dialog on demand; both loaded when needed. A
 * recorded choice reloads the page, whose CSP and cookies follow it.
 */
function useConsentChoice(disclaimerOpen: boolean) {
  const consent = useBrowserStore(consentStore.subscribe, consentStore.getSnapshot, consentStore.getServerSnapshot);
  const hydrated = useHydrated();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settings, loadSettings] = useLazyModule(consentDialogModule);
  const [notice, loadNotice] = useLazyModule(noticeModule);

  useEffect(() => {
    if (hydrated && !disclaimerOpen && !consent.recorded) loadNotice();
  }, [hydrated, disclaimerOpen, consent.recorded, loadNotice]);

  // The control that opened the settings (the notice's Customize, the footer's or the floating button), focused again when they close.
  const opener = useRef<HTMLElement | null>(null);
  const openSettings = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    loadSettings();
    setSettingsOpen(true);
  }, [loadSettings]);
  const settingsOpener = useCallback(() => opener.current, []);

  const record = useCallback((choice: { video: boolean }) => {
    saveConsent(choice);
    window.location.reload();
  }, []);

  const Notice = notice?.ConsentNotice;
  return {
    texts: notice?.texts ?? settings?.texts,
    IntlProvider: notice?.IntlProvider ?? settings?.IntlProvider,
    consent,
    Notice: Notice && hydrated && !consent.recorded && !disclaimerOpen ? Notice : undefined,
    Settings: settings?.ConsentDialog,
    settingsOpen,
    setSettingsOpen,
    openSettings,
    settingsOpener,
    loadSettings,
    record,
  };
}

/**
 * The compliance layer (docs/product.md §4, §6, §9): investor profile, disclaimer gate and cookie
 * consent, around the whole site. Pages are rendered as validated (crawlers and visitors without
 * JavaScript get the content) and for the profile of the cookie; in the browser the popup opens
 * unless validation is recorded. The rest of the site reaches it through ComplianceContext.
 */
export function ComplianceProvider({
  locale,
  serverProfile,
  serverCountry,
  countries,
  languages,
  homes,
  cookieSettingsLabel,
  children,
}: {
  locale: Locale;
  serverProfile: InvestorProfile;
  /** The country of residence the page was rendered for, and the countries offered (docs/decisions/035). */
  serverCountry: string;
  countries: ComplianceCountry[];
  languages: ComplianceLanguage[];
  /** The home page of each served language, where every choice reloads. */
  homes: Partial<Record<Locale, string>>;
  /** The floating cookie button's name (the consent's other texts come with its dialogs). */
  cookieSettingsLabel: string;
  children: ReactNode;
}) {
  useStoredProfile(serverProfile);
  const codes = useMemo(() => countries.map((c) => c.code), [countries]);
  useStoredCountry(serverCountry, codes);
  const disclaimer = useDisclaimerGate(locale, homes, { languages, countries, codes, serverCountry });
  const choice = useConsentChoice(disclaimer.open);
  const { selectProfile, selectCountry } = disclaimer;
  const { openSettings } = choice;
  const actions = useMemo<ComplianceActions>(() => ({ selectProfile, selectCountry, openCookieSettings: openSettings }), [selectProfile, selectCountry, openSettings]);
  const { Notice, Settings } = choice;
  /** The consent dialogs read their texts with useTranslations('Consent'), from this provider only. */
  const consentTexts = (node: ReactNode) =>
    choice.texts && choice.IntlProvider ? (
      <choice.IntlProvider locale={locale} messages={{ Consent: choice.texts[locale].Consent }}>
        {node}
      </choice.IntlProvider>
    ) : null;

  return (
    <ComplianceContext.Provider value={actions}>
      {Notice ? consentTexts(<Notice onAcceptAll={() => choice.record({ video: true })} onRefuseAll={() => choice.record({ video: false })} onCustomize={openSettings} />) : null}
      {children}
      <button
        type="button"
        // The notice sits where the floating button is and offers the same settings: one at a time.
        hidden={!!Notice}
        onClick={openSettings}
        onPointerEnter={choice.loadSettings}
        onFocus={choice.loadSettings}
        data-print="hide"
        className="fixed bottom-4 left-4 z-[70] hidden size-12 items-center justify-center rounded-full border border-slate-300 bg-white text-brand shadow-lg hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:inline-flex"
      >
        <CookieIcon />
        <span className="sr-only">{cookieSettingsLabel}</span>
      </button>
      {Settings ? consentTexts(<Settings open={choice.settingsOpen} onOpenChange={choice.setSettingsOpen} consent={choice.consent} onSave={choice.record} returnFocusTo={choice.settingsOpener} />) : null}
    </ComplianceContext.Provider>
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
