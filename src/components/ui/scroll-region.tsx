import type { ReactNode } from 'react';

/**
 * A wide table's frame: on a phone it scrolls sideways inside its own named region, which can take the
 * focus so a keyboard can scroll it too (WCAG 2.1.1, axe `scrollable-region-focusable`).
 */
export function ScrollRegion({ labelledBy, className = '', children }: { labelledBy: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      className={`overflow-x-auto rounded border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand ${className}`.trimEnd()}
    >
      {children}
    </div>
  );
}
