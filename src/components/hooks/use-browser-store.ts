import { useSyncExternalStore } from 'react';
import { useHydrated } from './use-hydrated';

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
