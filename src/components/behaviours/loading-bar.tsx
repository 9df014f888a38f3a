'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { loadingBar } from './loading-bar-store';
import { onNavigationIntent } from './navigation-intent';
import { onRouteChange } from './route-change';
import { onFailedRscRequest } from './rsc-requests';

/** A navigation that never lands (download, cancelled click…) ends the bar after this. */
export const NAVIGATION_SAFETY_TIMEOUT_MS = 10_000;

/** Starts the bar on link clicks and back/forward; finishes it when the route changes, or fails it when the router's request fails. */
function useNavigationProgress() {
  useEffect(() => {
    let safety: ReturnType<typeof setTimeout> | undefined;
    const end = () => {
      if (safety === undefined) return;
      clearTimeout(safety);
      safety = undefined;
      loadingBar.finish();
    };
    const offIntent = onNavigationIntent((intent) => {
      if (intent.kind !== 'page' || safety !== undefined) return;
      loadingBar.start();
      safety = setTimeout(end, NAVIGATION_SAFETY_TIMEOUT_MS);
    });
    const offRoute = onRouteChange(end);
    // A navigation or router.refresh() whose request fails (4xx, 5xx, no answer) ends the bar as
    // failed, with or without a navigation under way; Next then loads the whole page instead.
    const offFailure = onFailedRscRequest(() => {
      if (safety !== undefined) {
        clearTimeout(safety);
        safety = undefined;
      }
      loadingBar.fail();
    });
    // Back to a page kept in the back/forward cache: the navigation that left it is over.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) end();
    };
    window.addEventListener('pageshow', onShow);
    return () => {
      offIntent();
      offRoute();
      offFailure();
      window.removeEventListener('pageshow', onShow);
      end();
    };
  }, []);
}

/** docs/product.md §2, §4: the page-loading indicator, a 3 px bar across the top of the window. */
export function LoadingBar({ labels }: { labels: { loading: string; loadingFailed: string } }) {
  const { status, visible, progress } = useSyncExternalStore(loadingBar.subscribe, loadingBar.getSnapshot, loadingBar.getServerSnapshot);
  useNavigationProgress();
  if (!visible) return null;
  const failed = status === 'failed';
  return (
    <div
      role="progressbar"
      aria-label={labels.loading}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      aria-valuetext={failed ? labels.loadingFailed : undefined}
      className="pointer-events-none fixed inset-x-0 top-0 z-[1000] h-[3px]"
    >
      <div
        className={`h-full ${failed ? 'bg-[#b42318]' : 'bg-brand'}`}
        style={{
          width: `${progress}%`,
          // Finished: reach the end, then fade before the bar is removed (docs/product.md §9: 500 ms).
          opacity: status === 'finished' ? 0 : 1,
          transition: status === 'finished' ? 'width 100ms linear, opacity 200ms ease-out 250ms' : 'width 100ms linear',
        }}
      />
    </div>
  );
}
