import type { ReactNode } from 'react';

/**
 * A client form's answer: a polite live region that says a success (kept in the page, empty, so
 * that screen readers announce the next one), and an alert with the error's message followed by
 * its details (children).
 */
export function FormAnswer({ state, children }: { state: { status: string; message?: string }; children?: ReactNode }) {
  return (
    <>
      <div role="status" aria-live="polite" className={state.status === 'ok' ? 'my-2 rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900' : 'sr-only'}>
        {state.status === 'ok' ? state.message : ''}
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
