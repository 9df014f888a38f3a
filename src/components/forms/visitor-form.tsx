'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useConsent } from '@/components/consent/use-consent';
import type { Locale } from '@/env';
import { INTL_LOCALE } from '@/domain/language/format';
import type { CaptchaConfig } from '@/domain/forms/captcha';
import { CAPTCHA_FIELD, FORMS, LOCALE_FIELD } from '@/domain/forms/definitions';
import type { FormKind } from '@/domain/forms/fields';
import { formValues } from '@/domain/forms/form-data';
import { errorMessage, type Translate } from '@/domain/forms/messages';
import { fieldErrors, formSchema } from '@/domain/forms/schema';
import { readUpload, type UploadValue } from '@/domain/forms/upload';
import { FormField, focusTargetId, type PageOptions } from './form-field';
import { Honeypot } from './honeypot';
import { trackRequest } from '@/components/behaviours/loading-bar-store';
import { CaptchaError, loadRecaptcha, recaptchaToken } from './recaptcha';
import { useHydrated } from '@/components/hooks/use-hydrated';

type Values = Record<string, unknown>;
type Status = { tone: 'success' | 'error'; message: string; hint?: string } | null;
type ServerAnswer = { ok?: boolean; message?: string; errors?: Record<string, string> } | null;

export type VisitorFormProps = {
  kind: FormKind;
  captcha: CaptchaConfig | null;
  /** The house's name, which the consent sentence names. */
  company: string;
  /** Labels of options the page knows (share classes, investor profiles); their values are what the server accepts. */
  options?: PageOptions;
};

/** A file is read once per selection, not on every re-validation. */
const uploads = new WeakMap<File, Promise<UploadValue>>();
function cachedRead(file: File, maxBytes: number): Promise<UploadValue> {
  let read = uploads.get(file);
  if (!read) {
    read = readUpload(file, maxBytes);
    uploads.set(file, read);
  }
  return read;
}

/**
 * One of the site's forms (docs/product.md §1, §5), drawn from its field definitions. It validates what the
 * browser is about to send (new FormData(form)) with the form's zod schema, the one the server runs
 * too; errors sit under their fields (aria-describedby, aria-invalid) and the first field in error
 * gets focus. The request is JSON-answered by POST /api/forms/{kind}.
 */
export function VisitorForm({ kind, captcha, company, options = {} }: VisitorFormProps) {
  const t = useTranslations('Forms') as Translate;
  const locale = useLocale() as Locale;
  const consent = useConsent();
  const form = FORMS[kind];
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>(null);
  const runtimeOptions = useMemo(
    () => Object.fromEntries(Object.entries(options).map(([name, groups]) => [name, (groups ?? []).flatMap((g) => g.options.map((o) => o.value))])),
    [options],
  );
  const schema = useMemo(() => formSchema(form, runtimeOptions), [form, runtimeOptions]);

  const resolver = useCallback<Resolver<Values>>(async () => {
    const element = formRef.current;
    if (!element) return { values: {}, errors: {} };
    const result = schema.safeParse(await formValues(form, new FormData(element), cachedRead));
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors<Values> = {};
    for (const [name, error] of Object.entries(fieldErrors(result.error))) errors[name] = { type: error.code, message: errorMessage(t, error, locale) };
    return { values: {}, errors };
  }, [form, schema, t, locale]);

  const { register, handleSubmit, formState, setError, setValue, reset } = useForm<Values>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });

  // A link may preselect a choice, e.g. /en/subscribe?isin=FR0000000001 from a share page. Pages are
  // cached without their query string, so this happens in the browser.
  const prefill = useCallback(() => {
    const query = new URLSearchParams(window.location.search);
    for (const field of form.fields) {
      if (field.kind !== 'select' && field.kind !== 'radio') continue;
      const wanted = query.get(field.name);
      const allowed = field.options ?? runtimeOptions[field.name] ?? [];
      if (wanted && allowed.includes(wanted)) setValue(field.name, wanted);
    }
  }, [form, runtimeOptions, setValue]);
  useEffect(prefill, [prefill]);

  const focusFirstError = useCallback(
    (names: string[]) => {
      const first = form.fields.find((f) => names.includes(f.name));
      if (first) document.getElementById(focusTargetId(kind, first))?.focus();
    },
    [form, kind],
  );

  const showStatus = (next: Status) => {
    setStatus(next);
    // Once painted, bring the message to the visitor's attention (and to the screen reader's).
    requestAnimationFrame(() => statusRef.current?.focus());
  };

  const submit = async () => {
    const element = formRef.current;
    if (!element) return;
    setStatus(null);
    const data = new FormData(element);
    data.set(LOCALE_FIELD, locale);
    if (captcha) {
      try {
        if (!consent.captcha) throw new CaptchaError('loadFailed');
        data.set(CAPTCHA_FIELD, await recaptchaToken(captcha, kind));
      } catch (error) {
        const code = error instanceof CaptchaError ? error.code : 'executeFailed';
        showStatus({ tone: 'error', message: t(`captcha.${code}`), hint: t('captcha.hint') });
        return;
      }
    }
    let response: Response;
    try {
      // A request of the page: the loading bar shows it (docs/product.md §2).
      response = await trackRequest(fetch(`/api/forms/${kind}`, { method: 'POST', body: data, headers: { accept: 'application/json' } }));
    } catch {
      showStatus({ tone: 'error', message: t('status.network') });
      return;
    }
    const answer = (await response.json().catch(() => null)) as ServerAnswer;
    if (response.ok && answer?.ok) {
      element.reset();
      reset();
      prefill();
      showStatus({ tone: 'success', message: answer.message ?? t('registered') });
      return;
    }
    if (answer?.errors && Object.keys(answer.errors).length > 0) {
      for (const [name, message] of Object.entries(answer.errors)) setError(name, { type: 'server', message });
      focusFirstError(Object.keys(answer.errors));
      return;
    }
    showStatus({ tone: 'error', message: answer?.message ?? t('status.server') });
  };

  // Google's script comes with the first interaction with the form, so the token is ready by submit time.
  const warmUpCaptcha = () => {
    if (captcha && consent.captcha) loadRecaptcha(captcha).catch(() => undefined);
  };

  // Enabled once this component runs in the browser: a click before that would post the form natively.
  const ready = useHydrated();

  const errorOf = (name: string) => {
    const message = formState.errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };

  return (
    <form
      ref={formRef}
      noValidate
      method="post"
      action={`/api/forms/${kind}`}
      encType="multipart/form-data"
      onFocus={warmUpCaptcha}
      onSubmit={(event) => handleSubmit(submit, (errors) => focusFirstError(Object.keys(errors)))(event)}
      className="relative"
    >
      <p className="text-sm text-muted">{t('legend')}</p>
      {form.fields.map((field) => (
        <FormField key={field.name} kind={kind} field={field} register={register} error={errorOf(field.name)} options={options[field.name]} locale={INTL_LOCALE[locale]} company={company} />
      ))}
      <Honeypot kind={kind} label={t('honeypot')} />
      {/* Both live regions are always there, so assistive technologies announce what appears in them. */}
      <div ref={statusRef} tabIndex={-1} className="focus:outline-none">
        <div role="status">{status?.tone === 'success' ? <StatusBox status={status} /> : null}</div>
        <div role="alert">{status?.tone === 'error' ? <StatusBox status={status} /> : null}</div>
      </div>
      {/* A native post would answer with the API's JSON: the form is sent by its script only. */}
      <noscript>
        <p className="mt-4 text-sm font-semibold text-red-900">{t('needsJavaScript')}</p>
      </noscript>
      <button
        type="submit"
        disabled={!ready || formState.isSubmitting}
        className="mt-6 inline-flex min-h-11 items-center rounded bg-brand forced-colors:border px-6 font-semibold text-white hover:bg-brand-dark focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-70"
      >
        {formState.isSubmitting ? t('sending') : t('submit')}
      </button>
      {captcha ? <p className="mt-3 text-xs text-muted">{t('captcha.notice')}</p> : null}
    </form>
  );
}


function StatusBox({ status }: { status: NonNullable<Status> }) {
  const tone = status.tone === 'success' ? 'border-green-700 bg-green-50 text-green-900' : 'border-red-700 bg-red-50 text-red-900';
  return (
    <div className={`mt-6 rounded border p-4 ${tone}`}>
      <p className="font-semibold">{status.message}</p>
      {status.hint ? <p className="mt-1 text-sm">{status.hint}</p> : null}
    </div>
  );
}
