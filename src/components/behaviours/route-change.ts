/**
 * The page on screen, as last committed by the App Router (published by <RouteWatcher>).
 * Navigation intents start things; a route change is where they end.
 */
export type Route = { pathname: string; search: string };
export type RouteListener = (next: Route, previous: Route | null) => void;

let current: Route | null = null;
const listeners = new Set<RouteListener>();

export function currentRoute(): Route | null {
  return current;
}

/** Records the route on screen; listeners hear only real changes (not Strict Mode re-runs). */
export function publishRoute(route: Route) {
  const previous = current;
  if (previous && previous.pathname === route.pathname && previous.search === route.search) return;
  current = route;
  for (const listener of [...listeners]) listener(route, previous);
}

export function onRouteChange(listener: RouteListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
