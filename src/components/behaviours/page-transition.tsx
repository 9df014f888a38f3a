'use client';

import { useEffect } from 'react';
import './page-transition.css';
import { onNavigationIntent, replayClick } from './navigation-intent';
import { nextRouteChange } from './route-change';
import { canAnimatePages, PAGE_TRANSITION_MAX_WAIT_MS, startPageTransition } from './view-transition';

/**
 * Animates link navigations between pages: the old page goes out, the new one comes in.
 * The click is held back until the browser has captured the old page, then replayed, so
 * Next.js's <Link> navigates as usual (its replace/scroll props intact) inside the
 * transition. No API or reduced motion: nothing is intercepted at all.
 */
export function PageTransition() {
  useEffect(
    () =>
      onNavigationIntent((intent) => {
        if (intent.source !== 'click' || intent.kind !== 'page' || !canAnimatePages()) return;
        const { event, anchor, url } = intent;
        event.preventDefault();
        event.stopPropagation();
        startPageTransition(() => {
          if (anchor.isConnected) replayClick(anchor);
          else window.location.assign(url.href);
          return nextRouteChange(PAGE_TRANSITION_MAX_WAIT_MS);
        });
      }),
    [],
  );
  return null;
}
