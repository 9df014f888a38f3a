import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

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

/**
 * useSyncExternalStore for what only the browser holds (its storage, its cookies), read once the
 * page has hydrated. The server snapshot is used until then, on the client too, and the browser's
 * value comes with useHydrated's transition.
 *
 * Read at once, a browser value that differs from the server's (the disclaimer not validated on a
 * first visit; a stored profile, country or consent on a return) makes React re-render the
 * component synchronously right after hydration, in the task that has just hydrated the page, with
 * its effects: one long task more on a phone (docs/decisions/050). A component mounted after
 * hydration reads the browser at once. The same rule as useHydrated: nothing may call this inside a
 * Suspense boundary the server completed.
 */
export function useBrowserStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot: () => T): T {
  const hydrated = useHydrated();
  return useSyncExternalStore(subscribe, hydrated ? getSnapshot : getServerSnapshot, getServerSnapshot);
}
