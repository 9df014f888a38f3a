'use client';

import { useActionState, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AddressSummary } from '@/domain/privacy/gdpr';
import { Button } from '@/components/ui/button';
import { Input, InputField } from '@/components/ui/field';

/**
 * The GDPR screen's steps: look an address up (nothing changes), see what the site holds about it,
 * then download it (a plain form posted to the export route: the browser saves the file) or erase
 * it. Messages go to a polite live region, errors to the field (aria-invalid, aria-describedby);
 * after an error the typed address is shown again.
 */
export type PrivacyState = {
  status: 'idle' | 'found' | 'erased' | 'error';
  email?: string;
  typed?: string;
  summary?: AddressSummary;
  /** Translated by the action: "What the site holds about …", and what was found or erased. */
  title?: string;
  message?: string;
  errors?: Record<string, string>;
  seq?: number;
};

export type PrivacyLabels = {
  lookupTitle: string;
  email: string;
  emailHint: string;
  lookup: string;
  nothing: string;
  perForm: string;
  forms: Record<string, string>;
  files: string;
  mails: string;
  /** The fund alerts' line: funds followed by the address. */
  alerts: string;
  exportTitle: string;
  exportHint: string;
  export: string;
  eraseTitle: string;
  eraseHint: string;
  erase: string;
  /** The export could not be downloaded. */
  error: string;
};

type Props = {
  lookUp: (state: PrivacyState, form: FormData) => Promise<PrivacyState>;
  erase: (state: PrivacyState, form: FormData) => Promise<PrivacyState>;
  labels: PrivacyLabels;
};

export function PrivacyForm({ lookUp, erase, labels }: Props) {
  const [found, lookUpAction, looking] = useActionState(lookUp, { status: 'idle' } as PrivacyState);
  const [erased, eraseAction, erasing] = useActionState(erase, { status: 'idle' } as PrivacyState);
  const id = useId().replace(/:/g, '');
  // The answer of the form used last is shown: an erasure after the look-up it followed, a new look-up after an erasure.
  const [last, setLast] = useState<'lookup' | 'erase'>('lookup');
  const state = last === 'erase' && erased.status !== 'idle' ? erased : found;
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  /**
   * The export is fetched, then saved, so the screen can say when it failed instead of leaving the
   * visitor on a raw error page.
   */
  async function download(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setExporting(true);
    setExportFailed(false);
    try {
      const response = await fetch('/admin/privacy/export', { method: 'POST', body: new URLSearchParams({ email: state.email ?? '' }) });
      if (!response.ok || !response.headers.get('content-type')?.startsWith('application/json')) throw new Error(String(response.status));
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'gdpr-export.json';
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  }
  // A keyboard or screen-reader user is taken to what the look-up found.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (found.status === 'found') heading.current?.focus();
  }, [found]);
  const error = state.errors?.email;
  const summary = state.status === 'found' ? state.summary : undefined;
  const email = state.email ?? '';
  return (
    <div className="space-y-6">
      <form action={lookUpAction} onSubmit={() => setLast('lookup')} aria-label={labels.lookupTitle} noValidate className="space-y-4" key={`lookup-${found.seq ?? 0}`}>
        <InputField label={labels.email} id={`${id}-email`} name="email" type="email" autoComplete="off" maxLength={254} required defaultValue={found.typed ?? ''} aria-invalid={found.status === 'error' ? true : undefined} aria-describedby={[`${id}-hint`, found.status === 'error' ? `${id}-error` : ''].filter(Boolean).join(' ')}>
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            {labels.emailHint}
          </p>
          {found.status === 'error' && error && (
            <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
              {error}
            </p>
          )}
        </InputField>
        <Button type="submit" disabled={looking}>
          {labels.lookup}
        </Button>
      </form>
      <div role="status" aria-live="polite" className={state.status === 'erased' ? 'rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900' : 'sr-only'}>
        {state.status === 'erased' || summary ? state.message : ''}
      </div>
      {state.status === 'error' && state === erased && (
        <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-red-900">
          {state.message}
        </p>
      )}
      {summary && (
        <section aria-labelledby={`${id}-summary`} className="space-y-4">
          <h2 id={`${id}-summary`} ref={heading} tabIndex={-1} className="text-xl font-semibold break-all focus:outline-hidden focus-visible:ring-2 focus-visible:ring-brand">
            {state.title}
          </h2>
          {summary.submissions + summary.mails + summary.alertSubscriber === 0 ? (
            <p>{labels.nothing}</p>
          ) : (
            <>
              <p>{state.message}</p>
              <dl className="max-w-md space-y-1">
                {[
                  ...Object.entries(summary.forms).map(([kind, n]) => [`${labels.perForm}: ${labels.forms[kind] ?? kind}`, n] as const),
                  [labels.files, summary.attachments] as const,
                  [labels.mails, summary.mails] as const,
                  ...(summary.alertSubscriber > 0 ? [[labels.alerts, summary.alertFunds] as const] : []),
                ].map(([term, n]) => (
                  <div key={term} className="flex justify-between gap-6">
                    <dt>{term}</dt>
                    <dd>{n}</dd>
                  </div>
                ))}
              </dl>
              <form method="post" action="/admin/privacy/export" onSubmit={download} aria-label={labels.exportTitle} className="space-y-2">
                <Input type="hidden" name="email" value={email} />
                <p id={`${id}-export-hint`} className="max-w-prose text-sm text-muted">
                  {labels.exportHint}
                </p>
                <Button type="submit" disabled={exporting} aria-describedby={`${id}-export-hint`}>
                  {labels.export}
                </Button>
                {exportFailed && (
                  <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-red-900">
                    {labels.error}
                  </p>
                )}
              </form>
              <form action={eraseAction} onSubmit={() => setLast('erase')} aria-label={labels.eraseTitle} className="space-y-2">
                <Input type="hidden" name="email" value={email} />
                <p id={`${id}-erase-hint`} className="max-w-prose text-sm text-muted">
                  {labels.eraseHint}
                </p>
                <Button variant="danger" type="submit" disabled={erasing} aria-describedby={`${id}-erase-hint`}>
                  {labels.erase}
                </Button>
              </form>
            </>
          )}
        </section>
      )}
    </div>
  );
}
