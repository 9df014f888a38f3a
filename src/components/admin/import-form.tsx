'use client';

import { startTransition, useActionState, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input, InputField } from '@/components/ui/field';

export type ImportKind = 'navs' | 'benchmarks' | 'portfolios' | 'scenarios' | 'registrations' | 'findatex' | 'catalog' | 'dividends';
export type ImportState = {
  status: 'idle' | 'ok' | 'error';
  message?: string;
  /** Every bad row, with its line number (the file is refused whole). */
  lines?: { line: number; text: string }[];
  /** The SHA-256 of the previewed file: "Confirm" sends the same file with it. */
  hash?: string;
  preview?: ReactNode;
  seq?: number;
};

type Props = {
  action: (state: ImportState, form: FormData) => Promise<ImportState>;
  title: string;
  fileLabel: string;
  hint: string;
  previewLabel: string;
  confirmLabel: string;
  errorsLabel: string;
};

/**
 * A CSV import: "Preview" shows what the file would write (nothing is written); "Confirm" posts the
 * same file with the hash of the preview. The form is submitted from script without being reset, so
 * the chosen file stays for the confirmation; choosing another file withdraws the preview.
 */
export function ImportForm({ action, title, fileLabel, hint, previewLabel, confirmLabel, errorsLabel }: Props) {
  const [state, formAction, pending] = useActionState(action, { status: 'idle' } as ImportState);
  const [staleSeq, setStaleSeq] = useState<number | undefined>(undefined);
  const id = useId().replace(/:/g, '');
  const fresh = state.seq !== staleSeq;
  const canConfirm = fresh && state.status === 'ok' && !!state.hash;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const data = new FormData(event.currentTarget, submitter);
    startTransition(() => formAction(data));
  }
  return (
    <div>
      <form action={formAction} onSubmit={submit} aria-label={title} className="space-y-4">
        <InputField label={fileLabel} id={`${id}-file`} name="file" type="file" accept=".csv,text/csv,text/plain" required aria-describedby={`${id}-hint`} onChange={() => setStaleSeq(state.seq)}>
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            {hint}
          </p>
        </InputField>
        {canConfirm && <Input type="hidden" name="previewHash" value={state.hash} />}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="preview" disabled={pending}>
            {previewLabel}
          </Button>
          {canConfirm && (
            <Button type="submit" name="intent" value="commit" disabled={pending}>
              {confirmLabel}
            </Button>
          )}
        </div>
      </form>
      <div role="status" aria-live="polite" className={fresh && state.status === 'ok' ? 'my-3 rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900' : 'sr-only'}>
        {fresh && state.status === 'ok' ? state.message : ''}
      </div>
      {fresh && state.status === 'error' && (
        <div role="alert" className="my-3 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-900">
          <p>{state.message}</p>
          {state.lines && state.lines.length > 0 && (
            <ul aria-label={errorsLabel} className="mt-1 list-disc pl-5 text-sm">
              {state.lines.map((l, i) => (
                <li key={`${l.line}-${i}`}>{l.text}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {fresh && state.preview}
    </div>
  );
}
