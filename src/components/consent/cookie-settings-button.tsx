'use client';

import { useContext } from 'react';
import { ComplianceContext } from '@/components/compliance/compliance-context';

const defaultClass =
  'rounded bg-brand forced-colors:border px-4 py-2 font-semibold text-white hover:bg-brand-dark focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Asks the compliance layer to open the cookie settings: the footer's button, the legal pages' and
 * the one in place of a video the visitor has not allowed. Where a page is drawn without that layer
 * (the back-office's previews of public pages) there are no settings to open: the button is shown
 * disabled, as it would look, rather than doing nothing.
 */
export function CookieSettingsButton({ label, className = defaultClass }: { label: string; className?: string }) {
  const compliance = useContext(ComplianceContext);
  return (
    <button type="button" className={className} disabled={!compliance} onClick={compliance?.openCookieSettings}>
      {label}
    </button>
  );
}
