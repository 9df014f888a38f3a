/**
 * Leaving the page for another address, once. Whatever asks again while the page is leaving (a
 * second choice, a re-render that takes up the first one again) would abort the navigation under
 * way and start it over, and a refresh of the page being left is wasted work for the server. A page
 * restored from the back-forward cache can leave again.
 */
let leaving = false;
let listening = false;

export function leave(href: string): void {
  if (leaving) return;
  leaving = true;
  if (!listening) {
    listening = true;
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) leaving = false;
    });
  }
  window.location.assign(href);
}

/** True once leave() has started a navigation on this page. */
export function isLeaving(): boolean {
  return leaving;
}
