/**
 * The page transition (docs/product.md §2: named "page", out then in) on the View Transitions API.
 * While one runs, <html data-page-transition> gives <main> its view-transition-name
 * (page-transition.css), so other view transitions on the page are left alone.
 */
export const PAGE_TRANSITION_MAX_WAIT_MS = 1500;

let finished: Promise<void> = Promise.resolve();
let running = 0;

export function canAnimatePages(): boolean {
  return (
    typeof document !== 'undefined' &&
    typeof document.startViewTransition === 'function' &&
    !window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Runs `update` (which changes the page) inside a page transition. */
export function startPageTransition(update: () => Promise<void>) {
  const root = document.documentElement;
  const id = ++running;
  root.dataset.pageTransition = '';
  let transition: ViewTransition;
  try {
    transition = document.startViewTransition(update);
  } catch {
    delete root.dataset.pageTransition;
    void update();
    return;
  }
  // A skipped transition rejects these; the page itself has changed all the same.
  transition.ready.catch(() => undefined);
  finished = transition.finished
    .catch(() => undefined)
    .then(() => {
      if (id === running) delete root.dataset.pageTransition;
    });
}

/** Resolves once the current page transition (if any) has finished animating. */
export function pageTransitionDone(): Promise<void> {
  return finished;
}
