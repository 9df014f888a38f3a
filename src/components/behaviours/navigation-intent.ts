import { currentRoute } from './route-change';

/**
 * When a navigation starts, for the loading bar (docs/product.md §4): the App Router tells a page when
 * a navigation has landed (its route hooks) but not when one begins, so clicks on same-origin links
 * (one document-level capture listener) and back/forward (popstate) are watched here. Nothing is
 * cancelled or replayed: Next's <Link> and the browser navigate as they would without it.
 */
export type IntentKind = 'page' | 'hash';

export type NavigationIntent =
  | { source: 'click'; kind: IntentKind; url: URL; event: MouseEvent; anchor: Element }
  | { source: 'popstate'; kind: IntentKind; url: URL };

export type ClickInfo = {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
};

export type LinkInfo = { href: string | null; target: string | null; download: boolean };

/** Same pathname and query: only the hash can differ. */
const sameDocument = (a: { pathname: string; search: string }, b: { pathname: string; search: string }) =>
  a.pathname === b.pathname && a.search === b.search;

/**
 * What a click on a link means: a new page, a hash on the current page, or nothing for us
 * (the browser or another handler deals with it: new tab, download, external, mailto…).
 */
export function classifyLinkClick(click: ClickInfo, link: LinkInfo, current: URL): { kind: IntentKind; url: URL } | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if (link.download || link.href === null || link.href.trim() === '') return null;
  if (link.target && link.target.toLowerCase() !== '_self') return null;
  let url: URL;
  try {
    url = new URL(link.href, current);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== current.origin) return null;
  if (!sameDocument(url, current)) return { kind: 'page', url };
  // Same page: a hash is an in-page jump; a bare link to the page itself is not followed by us.
  return url.hash ? { kind: 'hash', url } : null;
}

/** After back/forward: a new page unless only the hash differs from the page on screen. */
export function classifyPopstate(url: URL, shown: { pathname: string; search: string } | null): IntentKind {
  return shown && sameDocument(url, shown) ? 'hash' : 'page';
}

type Listener = (intent: NavigationIntent) => void;
const listeners = new Set<Listener>();

function emit(intent: NavigationIntent) {
  for (const listener of [...listeners]) listener(intent);
}

function onClick(event: MouseEvent) {
  if (!(event.target instanceof Element)) return;
  const anchor = event.target.closest('a[href], area[href]');
  if (!anchor) return;
  const link = { href: anchor.getAttribute('href'), target: anchor.getAttribute('target'), download: anchor.hasAttribute('download') };
  const intent = classifyLinkClick(event, link, new URL(window.location.href));
  if (intent) emit({ source: 'click', ...intent, event, anchor });
}

function onPopstate() {
  const url = new URL(window.location.href);
  emit({ source: 'popstate', kind: classifyPopstate(url, currentRoute()), url });
}

/** Subscribe to navigation intents; the shared listeners exist while someone listens. */
export function onNavigationIntent(listener: Listener): () => void {
  if (listeners.size === 0) {
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopstate);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopstate);
    }
  };
}
