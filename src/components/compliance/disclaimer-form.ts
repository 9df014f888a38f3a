import { isInvestorProfile, type InvestorProfile } from '@/domain/investor-profiles';
import type { Locale } from '@/env';
import { languagesOf, type ComplianceCountry, type ComplianceLanguage } from './types';

export type DisclaimerChoice = { profile: InvestorProfile; locale: Locale; country: string };

export type DisclaimerFormOptions = {
  /** The page's language: the language radio checked in the server's HTML. */
  locale: Locale;
  languages: ComplianceLanguage[];
  countries: ComplianceCountry[];
  /** The country the page was rendered for: the popup's choice when it has no country list. */
  serverCountry: string;
  /** A stored country, else one the browser's languages suggest: chosen when it offers the page's language (nothing changes by itself). */
  suggestedCountry: string | null;
  /** A stored investor profile, checked in place of the page's. */
  storedProfile: InvestorProfile | null;
  onConfirm: (choice: DisclaimerChoice) => void;
  /** A language chosen in the popup, or imposed by the country chosen: the site switches to it at once (docs/product.md §4). */
  onLocale: (locale: Locale, country: string) => void;
};

const FOCUSABLE = 'select:not([disabled]), input:not([disabled]), button:not([disabled]), [tabindex="0"]';

/**
 * The disclaimer popup's behaviours (docs/product.md §4), added to the <dialog> the server rendered
 * and the page's first script opened (disclaimer-popup.tsx): no React component, so a first visit
 * costs no render, commit or layout of a second copy of the popup (docs/decisions/049). What the
 * visitor did before this runs (a box ticked, a language or a country chosen) is taken up here.
 * Returns what removes them.
 */
export function attachDisclaimer(dialog: HTMLDialogElement, options: DisclaimerFormOptions): () => void {
  const form = dialog.querySelector('form');
  if (!form) return () => undefined;
  const controller = new AbortController();
  const on = <K extends keyof HTMLElementEventMap>(target: HTMLElement, type: K, listener: (event: HTMLElementEventMap[K]) => void) =>
    target.addEventListener(type, listener, { signal: controller.signal });

  const select = form.querySelector<HTMLSelectElement>('select[name="disclaimer-country"]');
  const accept = form.querySelector<HTMLInputElement>('input[name="disclaimer-accept"]');
  const confirm = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const languageList = form.querySelector<HTMLElement>('[data-disclaimer-languages]');
  const hintId = accept?.getAttribute('aria-describedby') ?? null;
  const hint = hintId ? dialog.ownerDocument.getElementById(hintId) : null;
  const hasText = !form.querySelector('[data-disclaimer-retry]');

  const checked = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? null;
  const country = () => select?.value ?? options.serverCountry;
  const chosenLocale = () => (checked('disclaimer-language') as Locale | null) ?? options.locale;
  const offeredIn = (code: string) =>
    languagesOf(
      options.countries.find((c) => c.code === code),
      options.languages,
    );

  /** The languages of the country, in its order (Spain: Spanish first), the others hidden. */
  function showLanguages(code: string): ComplianceLanguage[] {
    const offered = offeredIn(code);
    if (languageList) {
      const labels = new Map(Array.from(languageList.children, (label) => [label.querySelector('input')?.value, label as HTMLElement]));
      for (const [locale, label] of labels) label.hidden = !offered.some((l) => l.locale === locale);
      // Moved only when out of order: moving the focused radio's label would drop the focus.
      const order = offered.flatMap((l) => labels.get(l.locale) ?? []);
      if (order.some((label, i) => languageList.children[i] !== label)) languageList.prepend(...order);
    }
    return offered;
  }

  /** A country whose languages leave out the one in use switches the site to its first language. */
  function followCountry(code: string) {
    const offered = showLanguages(code);
    const locale = chosenLocale();
    if (offered.some((l) => l.locale === locale) || !offered[0]) return;
    const first = form!.querySelector<HTMLInputElement>(`input[name="disclaimer-language"][value="${offered[0].locale}"]`);
    if (first) first.checked = true;
    options.onLocale(offered[0].locale, code);
  }

  function syncAccepted() {
    const accepted = !!accept?.checked;
    if (confirm) confirm.disabled = !accepted || !hasText;
    hint?.classList.toggle('invisible', accepted);
    if (accept && hintId) {
      if (accepted) accept.removeAttribute('aria-describedby');
      else accept.setAttribute('aria-describedby', hintId);
    }
  }

  // The stored or suggested country, and the stored profile, in place of the page's defaults.
  const suggested = options.suggestedCountry;
  if (select && suggested && suggested !== select.value && options.countries.some((c) => c.code === suggested) && offeredIn(suggested).some((l) => l.locale === options.locale)) {
    select.value = suggested;
    showLanguages(suggested);
  }
  if (options.storedProfile) {
    const stored = form.querySelector<HTMLInputElement>(`input[name="disclaimer-profile"][value="${options.storedProfile}"]`);
    if (stored) stored.checked = true;
  }
  // What the visitor did before this script ran.
  if (chosenLocale() !== options.locale) options.onLocale(chosenLocale(), country());
  else if (select) followCountry(select.value);
  syncAccepted();

  if (!dialog.open) {
    dialog.showModal();
    form.querySelector<HTMLInputElement>('input[name="disclaimer-language"]:checked')?.focus();
  }
  // Never dismissed: should the browser close it all the same, it opens again.
  on(dialog, 'cancel', (event) => event.preventDefault());
  on(dialog, 'close', () => dialog.isConnected && dialog.showModal());
  on(dialog, 'keydown', trapTab);
  if (select) on(select, 'change', () => followCountry(select.value));
  on(form, 'change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.name === 'disclaimer-language' && target.checked && target.value !== options.locale) options.onLocale(target.value as Locale, country());
    if (target === accept) syncAccepted();
  });
  on(form, 'click', (event) => {
    if ((event.target as HTMLElement).closest('[data-disclaimer-retry]')) window.location.reload();
  });
  on(form, 'submit', (event) => {
    event.preventDefault();
    if (!accept?.checked || !hasText) return;
    const profile = checked('disclaimer-profile');
    if (!isInvestorProfile(profile)) return;
    options.onConfirm({ profile, locale: chosenLocale(), country: country() });
  });
  return () => controller.abort();
}

/** Tab past the last control comes back to the first (and Shift+Tab the other way), never to the browser's bar. */
function trapTab(event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const dialog = event.currentTarget as HTMLElement;
  // A radio group is one stop: its checked radio; hidden controls are none.
  const stops = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !(el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) && !el.closest('[hidden]'),
  );
  const [first, last] = [stops[0], stops[stops.length - 1]];
  if (!first || !last) return;
  const active = dialog.ownerDocument.activeElement;
  if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  }
}
