import type { ReactNode } from 'react';

/** A message after an action: status (polite) for a success, alert for an error. */
export function Notice({ tone, children }: { tone: 'success' | 'error'; children: ReactNode }) {
  return tone === 'error' ? (
    <p role="alert" className="my-4 rounded border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      {children}
    </p>
  ) : (
    <p role="status" className="my-4 rounded border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">
      {children}
    </p>
  );
}

export const inputClass =
  'mt-1 block w-full max-w-md rounded border border-slate-400 bg-white px-3 py-2 text-ink focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand';
export const labelClass = 'block font-medium';
export const buttonClass =
  'rounded bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark focus:outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2';
export const dangerButtonClass =
  'rounded border border-red-700 bg-white px-3 py-1.5 font-medium text-red-800 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:ring-offset-2';
export const tableClass = 'w-full border-collapse text-left text-sm';
export const thClass = 'border-b border-slate-300 px-3 py-2 font-semibold';
export const tdClass = 'border-b border-slate-200 px-3 py-2 align-top';
