'use client';

import { dispatchOpenCookieSettings } from '@/components/layout/events';

const defaultClass =
  'rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * Asks the consent layer to open its settings (window event `fundhouse:open-cookie-settings`): the
 * footer's button, the legal pages' and the one in place of a video the visitor has not allowed.
 */
export function CookieSettingsButton({ label, className = defaultClass }: { label: string; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => dispatchOpenCookieSettings()}>
      {label}
    </button>
  );
}
