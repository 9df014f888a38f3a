'use client';

import { useComplianceActions } from '@/components/compliance/compliance-context';

const defaultClass =
  'rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2';

/**
 * Asks the compliance layer to open the cookie settings: the footer's button, the legal pages' and
 * the one in place of a video the visitor has not allowed.
 */
export function CookieSettingsButton({ label, className = defaultClass }: { label: string; className?: string }) {
  const { openCookieSettings } = useComplianceActions();
  return (
    <button type="button" className={className} onClick={openCookieSettings}>
      {label}
    </button>
  );
}
