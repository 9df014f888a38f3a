'use client';

import { dispatchOpenCookieSettings } from './events';

/** Asks the consent layer to open its settings (window event `fundhouse:open-cookie-settings`). */
export function CookieSettingsButton({ label, className }: { label: string; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => dispatchOpenCookieSettings()}>
      {label}
    </button>
  );
}
