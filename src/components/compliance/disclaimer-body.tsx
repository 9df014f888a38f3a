import type { ReactNode } from 'react';
import { isInvestorProfile, type InvestorProfile } from '@/domain/investor-profiles';
import type { Locale } from '@/env';
import { paragraphs } from './disclaimer-content';
import { languagesOf, type ComplianceCountry, type ComplianceLanguage, type DisclaimerContent, type DisclaimerLabels } from './types';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';
const choice =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-checked:border-brand has-checked:bg-brand/5 has-focus-visible:outline-2 has-focus-visible:outline-brand';

/** The popup's panel: the browser's modal <dialog>, its own box and margins undone, a dimmed backdrop. */
const DISCLAIMER_PANEL_CLASS =
  'fixed top-1/2 left-1/2 z-[91] flex max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-[842px] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg bg-white p-5 shadow-2xl outline-none sm:p-8';
export const DISCLAIMER_DIALOG_CLASS = `disclaimer-dialog ${DISCLAIMER_PANEL_CLASS} right-auto bottom-auto m-0 border-0 text-ink backdrop:bg-slate-950/70`;
export const DISCLAIMER_TITLE_CLASS = 'mb-2 text-xl font-bold text-brand sm:text-2xl';

export type DisclaimerBodyProps = {
  labels: DisclaimerLabels;
  languages: ComplianceLanguage[];
  /** The countries of residence, each with its languages (docs/decisions/035). */
  countries: ComplianceCountry[];
  country: string;
  locale: Locale;
  profile: InvestorProfile;
  /** The texts of the page's language; null when the server has none (the popup then offers to load the page again). */
  content: DisclaimerContent | null;
  ids: { intro: string; text: string; hint: string; country: string; countryHint: string };
  /** The dialog's title element. */
  title: ReactNode;
};

/**
 * What the disclaimer popup shows (docs/product.md §4): country of residence (its languages are the
 * ones offered, docs/decisions/035), language, investor profile, the general conditions of the
 * page's language, the acceptance checkbox and the confirm button, disabled until it is ticked.
 * Plain HTML rendered by the server: the controls hold their own state and disclaimer-form.ts
 * (no React) gives them their behaviours (docs/decisions/049). Every served language is in the
 * HTML, those the country does not offer hidden, so a country change only shows and hides them.
 */
export function DisclaimerBody({ labels: t, languages, countries, country, locale, profile, content, ids, title }: DisclaimerBodyProps) {
  const profiles = content?.profiles.filter((p) => isInvestorProfile(p.code)) ?? [];
  const offered = languagesOf(
    countries.find((c) => c.code === country),
    languages,
  );
  const ordered = [...offered, ...languages.filter((l) => !offered.includes(l))];
  return (
    <>
      {title}
      <p id={ids.intro} className="mb-5 text-sm text-muted">
        {t.intro}
      </p>
      <form noValidate className="flex flex-col gap-5">
        {countries.length > 0 ? (
          <div>
            <label htmlFor={ids.country} className="mb-2 block font-semibold">
              {t.country}
            </label>
            <select
              id={ids.country}
              name="disclaimer-country"
              aria-describedby={ids.countryHint}
              defaultValue={country}
              className={`min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 sm:w-auto ${focusRing}`}
            >
              {countries.map((c) => (
                <option key={c.code} value={c.code} data-locales={c.locales.join(' ')}>
                  {c.title}
                </option>
              ))}
            </select>
            <p id={ids.countryHint} className="mt-1 text-sm text-muted">
              {t.countryHint}
            </p>
          </div>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <fieldset>
            <legend className="mb-2 font-semibold">{t.language}</legend>
            <div className="flex flex-wrap gap-2" data-disclaimer-languages="">
              {ordered.map((l) => (
                <label key={l.locale} lang={l.locale} hidden={!offered.includes(l)} className={choice}>
                  <input type="radio" name="disclaimer-language" value={l.locale} defaultChecked={locale === l.locale} className="accent-brand" />
                  {l.label}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="mb-2 font-semibold">{t.profile}</legend>
            <div className="flex flex-wrap gap-2">
              {(profiles.length ? profiles : [{ code: profile, title: profile, description: '' }]).map((p) => (
                <label key={p.code} title={p.description || undefined} className={choice}>
                  <input type="radio" name="disclaimer-profile" value={p.code} defaultChecked={profile === p.code} className="accent-brand" />
                  {p.title}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        {content ? (
          <div
            id={ids.text}
            role="region"
            aria-label={content.title || t.dialogLabel}
            tabIndex={0}
            className={`h-[40dvh] overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed ${focusRing}`}
          >
            {paragraphs(content.main).map((p, i) => (
              // Cleaned to b, i, strong and a[href] (docs/product.md §5) before it reaches here, by the layout.
              <p key={i} className="mb-3 last:mb-0" dangerouslySetInnerHTML={{ __html: p }} />
            ))}
          </div>
        ) : (
          <div role="status" className="h-[40dvh] rounded-md border border-slate-200 bg-slate-50 p-4 text-sm">
            <p className="mb-3">{t.loadFailed}</p>
            <button type="button" data-disclaimer-retry="" className={`rounded-md border border-brand px-4 py-2 font-semibold text-brand ${focusRing}`}>
              {t.retry}
            </button>
          </div>
        )}
        <label className="flex cursor-pointer items-start gap-3">
          <input type="checkbox" name="disclaimer-accept" aria-describedby={ids.hint} className="mt-1 size-5 shrink-0 accent-brand" />
          <span>{t.accept}</span>
        </label>
        <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p id={ids.hint} className="text-sm text-muted">
            {t.acceptRequired}
          </p>
          <button
            type="submit"
            disabled
            className={`min-h-11 rounded-md bg-brand forced-colors:border px-6 font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-slate-400 ${focusRing}`}
          >
            {t.confirm}
          </button>
        </div>
      </form>
    </>
  );
}
