import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while rendering on the server and during hydration, true afterwards: for what only the
 * browser knows (stored choices, the real pathname) or can do (scripted controls), so that the HTML
 * always matches the first client render. Pages are cached and served to everyone, so nothing here
 * may depend on the visitor before hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
