'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { publishRoute } from './route-change';

/**
 * Publishes every committed route change. The hooks only say *when* the route changed;
 * the values come from `location`, so they compare byte for byte with the URLs of link clicks.
 * Render inside <Suspense>: useSearchParams needs it on prerendered pages.
 */
export function RouteWatcher() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  useEffect(() => {
    publishRoute({ pathname: window.location.pathname, search: window.location.search });
  }, [pathname, searchParams]);
  return null;
}
