'use client';

import { useEffect, useEffectEvent } from 'react';
import { onNavigationIntent } from './navigation-intent';
import { onRouteChange, type Route } from './route-change';
import { decideScroll, hashTarget, NEWS_SECTION_ID } from './scroll-rules';
import { createScrollPositions, scrollKey } from './scroll-positions';
import { pageTransitionDone } from './view-transition';

const RESTORE_RETRY_MS = 1000;

const positions = createScrollPositions(() => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
});

const here = () => scrollKey(window.location);
const smooth = (): ScrollBehavior => (window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
const byId = (id: string | null) => (id === null ? null : document.getElementById(id));

/** Scrolls to `top`, retrying for a moment while the page is still too short (streaming). */
function restoreScroll(top: number, done: () => void) {
  const deadline = Date.now() + RESTORE_RETRY_MS;
  const attempt = () => {
    window.scrollTo({ top, behavior: 'instant' });
    if (Math.abs(window.scrollY - top) <= 1 || Date.now() > deadline) done();
    else requestAnimationFrame(attempt);
  };
  attempt();
}

/** Smoothly to an element; an anchor also takes focus, as after a native hash jump (skip links). */
function scrollToElement(element: HTMLElement, focus: boolean) {
  element.scrollIntoView({ behavior: smooth(), block: 'start' });
  if (!focus) return;
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * docs/product.md §2: scroll restoration is manual; a hash scrolls smoothly to its anchor; moving
 * between news pages scrolls smoothly to the news section (#news); other pages start at
 * the top; back/forward returns to where that history entry was.
 */
export function ScrollManager({ newsBasePaths }: { newsBasePaths: string[] }) {
  const decide = useEffectEvent((from: Route, to: Route, popped: boolean) =>
    decideScroll({ from, to, hash: window.location.hash, popped, newsBasePaths }),
  );

  useEffect(() => {
    const { history } = window;
    const initialRestoration = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    // Between a back/forward and its new page, scroll events belong to no entry.
    let paused = false;
    let popped = false;
    const record = () => {
      if (!paused) positions.set(here(), window.scrollY);
    };
    const persist = () => {
      record();
      positions.save();
    };
    const restore = () => {
      const saved = positions.get(here());
      const anchor = byId(hashTarget(window.location.hash));
      paused = true;
      if (saved === undefined && anchor) anchor.scrollIntoView();
      restoreScroll(saved ?? (anchor ? window.scrollY : 0), () => {
        paused = false;
      });
    };

    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if ((navigation?.type === 'reload' || navigation?.type === 'back_forward') && positions.get(here()) !== undefined) restore();

    const offIntent = onNavigationIntent((intent) => {
      if (intent.source === 'popstate') {
        popped = intent.kind === 'page';
        paused = popped;
        if (!popped) restore(); // only the hash changed: no new page to wait for
        return;
      }
      persist();
      const target = intent.kind === 'hash' ? byId(hashTarget(intent.url.hash)) : null;
      if (!target) return;
      // A native or Next.js hash jump is instant: do it ourselves, smoothly.
      intent.event.preventDefault();
      if (intent.url.href !== window.location.href) history.pushState(null, '', intent.url.href);
      scrollToElement(target, true);
    });

    const offRoute = onRouteChange((next, previous) => {
      if (!previous) return;
      const action = decide(previous, next, popped);
      popped = false;
      if (action.type === 'restore') return restore();
      if (action.type === 'top') return window.scrollTo({ top: 0, behavior: 'instant' });
      if (action.type === 'none') return;
      // Let the page transition finish, so the glide is seen rather than hidden under it.
      void pageTransitionDone().then(() => {
        const target = byId(action.type === 'news' ? NEWS_SECTION_ID : action.id);
        if (target) scrollToElement(target, action.type === 'anchor');
        else window.scrollTo({ top: 0, behavior: 'instant' });
      });
    });

    const onHide = () => {
      if (document.visibilityState === 'hidden') persist();
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      offIntent();
      offRoute();
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      document.removeEventListener('visibilitychange', onHide);
      history.scrollRestoration = initialRestoration;
    };
  }, []);

  return null;
}
