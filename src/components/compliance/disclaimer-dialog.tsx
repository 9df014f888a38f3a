'use client';

import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { InvestorProfile } from '@/domain/catalog';
import type { Locale } from '@/env';
import { DISCLAIMER_POPUP_QUERY } from '@/graphql/operations';
import { DISCLAIMER_DIALOG_CLASS, DISCLAIMER_TITLE_CLASS, DisclaimerBody, type DisclaimerStatus } from './disclaimer-body';
import { toDisclaimerContent, type PopupResponse } from './disclaimer-content';
import { hideDisclaimerPreview } from './disclaimer-preview-flag';
import { graphqlRequest } from './graphql-request';
import { languagesOf, type ComplianceCountry, type ComplianceLanguage, type DisclaimerContent, type DisclaimerLabels } from './types';

/**
 * The disclaimer popup (docs/product.md §1, §4): country of residence, language, investor profile, the general conditions of the
 * chosen language, a checkbox that enables the confirm button. It cannot be dismissed: Escape and
 * clicks outside do nothing, and the focus stays inside. Loaded only for visitors who have not
 * validated the disclaimer yet; it opens with the page language's texts (from the layout) and takes
 * the place of the preview the page painted (disclaimer-preview.tsx).
 *
 * The browser's own modal `<dialog>` (showModal): the page behind is inert, the dialog in the top
 * layer, its backdrop drawn by CSS. Radix's Dialog did the same in script (focus scope, outside
 * dismissal, scroll lock, aria-hidden on every other element), ≈ 12 KB gzip of code to fetch,
 * evaluate and run on every first visit (docs/decisions/039).
 */
export function DisclaimerDialog({
  languages,
  countries,
  initialCountry,
  initialLocale,
  initialProfile,
  initialContent,
  labels,
  onConfirm,
  onLocale,
}: {
  languages: ComplianceLanguage[];
  countries: ComplianceCountry[];
  /** The stored country, else the one the browser's languages suggest, else the page's (docs/decisions/035). */
  initialCountry: string;
  initialLocale: Locale;
  initialProfile: InvestorProfile;
  /** The page language's texts, so the popup is complete at once. */
  initialContent: DisclaimerContent | null;
  labels: Partial<Record<Locale, DisclaimerLabels>>;
  onConfirm: (profile: InvestorProfile, locale: Locale, country: string) => void;
  /** A language chosen in the popup: the site switches to it at once (docs/product.md §4), the popup opening again there with the country chosen. */
  onLocale: (locale: Locale, country: string) => void;
}) {
  const [country, setCountry] = useState(initialCountry);
  // The languages offered are the country's: a page language it does not have gives way to its first one.
  const [locale, setLocale] = useState<Locale>(() => {
    const offered = languagesOf(
      countries.find((c) => c.code === initialCountry),
      languages,
    );
    return offered.some((l) => l.locale === initialLocale) ? initialLocale : (offered[0]?.locale ?? initialLocale);
  });
  const [profile, setProfile] = useState<InvestorProfile>(initialProfile);
  const [accepted, setAccepted] = useState(false);
  const [content, setContent] = useState<Partial<Record<Locale, DisclaimerContent>>>(initialContent ? { [initialLocale]: initialContent } : {});
  const [status, setStatus] = useState<DisclaimerStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const ids = { intro: useId(), text: useId(), hint: useId(), country: useId(), countryHint: useId() };
  const titleId = useId();
  const panel = useRef<HTMLDialogElement>(null);

  // Before the browser paints the dialog, the painted preview goes: never both, never neither. The
  // focus starts on the language in use, as a keyboard reaches a radio group: the page opened again
  // after a language chosen here finds it on that language.
  useLayoutEffect(() => {
    const dialog = panel.current;
    if (dialog && !dialog.open) dialog.showModal();
    hideDisclaimerPreview();
    dialog?.querySelector<HTMLInputElement>('input[name="disclaimer-language"]:checked')?.focus();
  }, []);

  // docs/product.md §7: the disclaimer query, for each available language, so a language switch is immediate.
  useEffect(() => {
    let live = true;
    Promise.all(
      languages.map(async ({ locale: l }) => [l, toDisclaimerContent(await graphqlRequest<PopupResponse>(DISCLAIMER_POPUP_QUERY, { locale: l }))] as const),
    ).then(
      (entries) => {
        if (!live) return;
        setContent(Object.fromEntries(entries));
        setStatus('ready');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [languages, attempt]);

  const t = labels[locale] ?? labels[initialLocale] ?? (Object.values(labels)[0] as DisclaimerLabels);
  const current = content[locale];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!accepted || !current) return;
    onConfirm(profile, locale, country);
  };

  return (
    <dialog
      ref={panel}
      lang={locale}
      aria-labelledby={titleId}
      aria-describedby={ids.intro}
      // Never dismissed: no Escape (closedby, and the cancel event where closedby is unknown); should
      // the browser close it all the same, it opens again.
      {...{ closedby: 'none' }}
      onCancel={(e) => e.preventDefault()}
      onClose={(e) => e.currentTarget.isConnected && e.currentTarget.showModal()}
      onKeyDown={trapTab}
      className={DISCLAIMER_DIALOG_CLASS}
    >
      <DisclaimerBody
        labels={t}
        languages={languages}
        countries={countries}
        country={country}
        locale={locale}
        profile={profile}
        content={current}
        status={status}
        accepted={accepted}
        ids={ids}
        title={
          <h2 id={titleId} className={DISCLAIMER_TITLE_CLASS}>
            {current?.title || t.dialogLabel}
          </h2>
        }
        on={{
          country: (chosen: string) => {
            setCountry(chosen);
            // The languages offered are the country's: the popup's texts follow at once, the page when confirmed.
            const offered = languagesOf(
              countries.find((c) => c.code === chosen),
              languages,
            );
            if (!offered.some((l) => l.locale === locale) && offered[0]) setLocale(offered[0].locale);
          },
          locale: (chosen: Locale) => {
            // The popup's texts change at once; the page follows in that language.
            setLocale(chosen);
            if (chosen !== locale) onLocale(chosen, country);
          },
          profile: setProfile,
          accepted: setAccepted,
          retry: () => {
            setStatus('loading');
            setAttempt((n) => n + 1);
          },
          submit,
        }}
      />
    </dialog>
  );
}

const FOCUSABLE = 'select:not([disabled]), input:not([disabled]), button:not([disabled]), [tabindex="0"]';

/** Tab past the last control comes back to the first (and Shift+Tab the other way), never to the browser's bar. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  // A radio group is one stop: its checked radio.
  const stops = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked),
  );
  const [first, last] = [stops[0], stops[stops.length - 1]];
  if (!first || !last) return;
  if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  }
}
