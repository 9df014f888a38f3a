'use client';

import { dispatchOpenCookieSettings } from '@/components/layout/events';

/** Opens the cookie settings of the consent layer (it listens for the window event). */
export function CookieSettingsButton({ label, className }: { label: string; className?: string }) {
  return (
    <button
      type="button"
      onClick={() => dispatchOpenCookieSettings()}
      className={
        className ??
        'rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2'
      }
    >
      {label}
    </button>
  );
}
