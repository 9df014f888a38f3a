import { startTransition, useEffect, useState } from 'react';

/** Set once the page has hydrated: a component mounted later has no server HTML to match. */
let pageHydrated = false;

/**
 * False while rendering on the server and during hydration, true afterwards: for what only the
 * browser knows (stored choices, the real pathname) or can do (scripted controls), so that the HTML
 * always matches the first client render. Pages are cached and served to everyone, so nothing here
 * may depend on the visitor before hydration.
 *
 * After hydration the change is a transition, which React renders in slices of a few milliseconds,
 * rather than useSyncExternalStore's server snapshot, which re-rendered every user of this hook (the
 * header's and footer's links among them) at once, in the task that had just hydrated the page: one
 * long task more on a phone (docs/decisions/049). A component mounted after hydration (a client
 * navigation) starts true, as before. Nothing may call this inside a Suspense boundary the server
 * completed: such a boundary hydrates after the page, and would find true where the HTML had false.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    pageHydrated = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
