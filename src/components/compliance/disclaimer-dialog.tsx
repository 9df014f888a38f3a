'use client';

import { Dialog } from 'radix-ui';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { isInvestorProfile, type InvestorProfile } from '@/domain/catalog';
import type { Locale } from '@/env';
import { DISCLAIMER_POPUP_QUERY } from '@/server/graphql/operations';
import { paragraphs, toDisclaimerContent, type PopupResponse } from './disclaimer-content';
import { graphqlRequest } from './graphql-request';
import type { ComplianceLanguage, DisclaimerContent, DisclaimerLabels } from './types';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

type Status = 'loading' | 'ready' | 'failed';

/**
 * The disclaimer popup (SPEC §1, §4): language, investor profile, the general conditions of the
 * chosen language, a checkbox that enables the confirm button. It cannot be dismissed: Escape and
 * clicks outside do nothing, and Radix traps the focus inside. Loaded only for visitors who have not
 * validated the disclaimer yet.
 */
export function DisclaimerDialog({
  languages,
  initialLocale,
  initialProfile,
  labels,
  onConfirm,
}: {
  languages: ComplianceLanguage[];
  initialLocale: Locale;
  initialProfile: InvestorProfile;
  labels: Partial<Record<Locale, DisclaimerLabels>>;
  onConfirm: (profile: InvestorProfile, locale: Locale) => void;
}) {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const [profile, setProfile] = useState<InvestorProfile>(initialProfile);
  const [accepted, setAccepted] = useState(false);
  const [content, setContent] = useState<Partial<Record<Locale, DisclaimerContent>>>({});
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const ids = { intro: useId(), text: useId(), hint: useId() };

  // SPEC §7: the disclaimer query, for each available language, so a language switch is immediate.
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
  const ready = status === 'ready' && !!current;
  const profiles = current?.profiles.filter((p) => isInvestorProfile(p.code)) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!accepted || !ready) return;
    onConfirm(profile, locale);
  };

  return (
    <Dialog.Root open modal>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[90] bg-slate-950/70" />
        <Dialog.Content
          lang={locale}
          aria-describedby={ids.intro}
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="fixed top-1/2 left-1/2 z-[91] flex max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-[842px] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg bg-white p-5 shadow-2xl outline-none sm:p-8"
        >
          <Dialog.Title className="mb-2 text-xl font-bold text-brand sm:text-2xl">{current?.title || t.dialogLabel}</Dialog.Title>
          <p id={ids.intro} className="mb-5 text-sm text-muted">
            {t.intro}
          </p>
          <form onSubmit={submit} noValidate className="flex flex-col gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <fieldset>
                <legend className="mb-2 font-semibold">{t.language}</legend>
                <div className="flex flex-wrap gap-2">
                  {languages.map((l) => (
                    <label
                      key={l.locale}
                      lang={l.locale}
                      className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-checked:border-brand has-checked:bg-brand/5 has-focus-visible:outline-2 has-focus-visible:outline-brand"
                    >
                      <input type="radio" name="disclaimer-language" value={l.locale} checked={locale === l.locale} onChange={() => setLocale(l.locale)} className="accent-brand" />
                      {l.label}
                    </label>
                  ))}
                </div>
              </fieldset>
              <fieldset>
                <legend className="mb-2 font-semibold">{t.profile}</legend>
                <div className="flex flex-wrap gap-2">
                  {(profiles.length ? profiles : [{ code: profile, title: profile, description: '' }]).map((p) => (
                    <label
                      key={p.code}
                      title={p.description || undefined}
                      className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-checked:border-brand has-checked:bg-brand/5 has-focus-visible:outline-2 has-focus-visible:outline-brand"
                    >
                      <input
                        type="radio"
                        name="disclaimer-profile"
                        value={p.code}
                        checked={profile === p.code}
                        onChange={() => isInvestorProfile(p.code) && setProfile(p.code)}
                        className="accent-brand"
                      />
                      {p.title}
                    </label>
                  ))}
                </div>
              </fieldset>
            </div>
            {ready ? (
              <div
                id={ids.text}
                role="region"
                aria-label={current.title || t.dialogLabel}
                tabIndex={0}
                className={`max-h-[40dvh] overflow-y-auto rounded-md border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed ${focusRing}`}
              >
                {paragraphs(current.main).map((p, i) => (
                  // The API cleans page texts to b, i, strong and a[href] (SPEC §5) before they reach here.
                  <p key={i} className="mb-3 last:mb-0" dangerouslySetInnerHTML={{ __html: p }} />
                ))}
              </div>
            ) : (
              <div role="status" className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm">
                {status === 'failed' ? (
                  <>
                    <p className="mb-3">{t.loadFailed}</p>
                    <button
                      type="button"
                      onClick={() => {
                        setStatus('loading');
                        setAttempt((n) => n + 1);
                      }}
                      className={`rounded-md border border-brand px-4 py-2 font-semibold text-brand ${focusRing}`}
                    >
                      {t.retry}
                    </button>
                  </>
                ) : (
                  t.loading
                )}
              </div>
            )}
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                checked={accepted}
                onChange={(e) => setAccepted(e.target.checked)}
                aria-describedby={accepted ? undefined : ids.hint}
                className="mt-1 size-5 shrink-0 accent-brand"
              />
              <span>{t.accept}</span>
            </label>
            <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p id={ids.hint} className={`text-sm text-muted ${accepted ? 'invisible' : ''}`}>
                {t.acceptRequired}
              </p>
              <button
                type="submit"
                disabled={!accepted || !ready}
                className={`min-h-11 rounded-md bg-brand px-6 font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-slate-400 ${focusRing}`}
              >
                {t.confirm}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
