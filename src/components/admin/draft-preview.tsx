'use client';

import { startTransition, useActionState, useId, type MouseEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

export type DraftPreviewState = { status: 'idle' | 'ok' | 'error'; message?: string; preview?: ReactNode; seq?: number };

type Props = {
  /** Gets the enclosing form's fields and `previewLang`; answers the page drawn for that language. */
  action: (state: DraftPreviewState, form: FormData) => Promise<DraftPreviewState>;
  label: string;
  languages: { code: string; label: string }[];
};

/**
 * Inside a page's edit form: draws the texts as typed, unsaved, as a visitor of a chosen language
 * would see them. Its buttons are plain buttons (Enter in a field still saves) that send the form's
 * fields to the preview action; nothing is written.
 */
export function DraftPreview({ action, label, languages }: Props) {
  const [state, dispatch, pending] = useActionState(action, { status: 'idle' } as DraftPreviewState);
  const id = useId().replace(/:/g, '');
  function preview(event: MouseEvent<HTMLButtonElement>, language: string) {
    const form = event.currentTarget.form;
    if (!form) return;
    const data = new FormData(form);
    data.set('previewLang', language);
    startTransition(() => dispatch(data));
  }
  return (
    <div className="space-y-3 rounded border border-slate-300 p-4">
      <p id={`${id}-label`} className="font-semibold">
        {label}
      </p>
      <div role="group" aria-labelledby={`${id}-label`} className="flex flex-wrap gap-3">
        {languages.map((language) => (
          <Button key={language.code} type="button" disabled={pending} onClick={(event) => preview(event, language.code)}>
            {language.label}
          </Button>
        ))}
      </div>
      <div role="status" aria-live="polite" className={state.status === 'error' ? 'font-medium text-red-800' : undefined}>
        {state.message ?? ''}
      </div>
      {state.status === 'ok' && state.preview}
    </div>
  );
}
