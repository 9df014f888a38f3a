import type { ReactNode } from 'react';

/**
 * A client form's answer: a polite live region that says a success (kept in the page, empty, so
 * that screen readers announce the next one) and its warning, if any (the upload went through, but
 * its PDF is not tagged), and an alert with the error's message followed by its details (children).
 */
export function FormAnswer({ state, children }: { state: { status: string; message?: string; warning?: string }; children?: ReactNode }) {
  const ok = state.status === 'ok';
  return (
    <>
      <div role="status" aria-live="polite" className={ok ? 'my-2 space-y-2' : 'sr-only'}>
        {ok ? <p className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900">{state.message}</p> : ''}
        {ok && state.warning ? <p className="rounded border border-amber-400 bg-amber-50 px-3 py-2 font-medium text-amber-950">{state.warning}</p> : null}
      </div>
      {state.status === 'error' && (
        <div role="alert" className="my-2 rounded border border-red-300 bg-red-50 px-3 py-2 text-red-900">
          <p>{state.message}</p>
          {children}
        </div>
      )}
    </>
  );
}
