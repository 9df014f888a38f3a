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
