/**
 * Watches the requests Next's router sends for a navigation or a `router.refresh()` (RSC requests:
 * header `RSC: 1`), so the loading bar can end as failed when one fails (docs/product.md §4, §8): Next answers
 * such a failure by loading the whole page instead, and says nothing the page could listen to.
 * Prefetches (header `Next-Router-Prefetch` or `Next-Router-Segment-Prefetch`) are not the visitor's
 * requests: their failure is left to Next, which fetches again on the click.
 */
export type RscRequestKind = 'navigation' | 'prefetch';

type HeaderSource = { get(name: string): string | null };

/** What a fetch is, from its headers: a router navigation or refresh, a prefetch, or none of Next's. */
export function rscRequestKind(headers: HeaderSource): RscRequestKind | null {
  if (headers.get('rsc') !== '1') return null;
  return headers.get('next-router-prefetch') !== null || headers.get('next-router-segment-prefetch') !== null ? 'prefetch' : 'navigation';
}

/** A navigation request failed: an answer of 4xx/5xx, or no answer (network); an abort is no failure. */
export function isFailedAnswer(outcome: { status: number } | { error: unknown }): boolean {
  if ('status' in outcome) return outcome.status >= 400;
  return !(outcome.error instanceof DOMException && outcome.error.name === 'AbortError');
}

type Listener = () => void;
const listeners = new Set<Listener>();
let original: typeof fetch | null = null;

function headersOf(input: RequestInfo | URL, init?: RequestInit): Headers {
  return new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
}

function watchedFetch(this: unknown, input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const send = (original ?? fetch).call(this, input, init);
  if (rscRequestKind(headersOf(input, init)) !== 'navigation') return send;
  const report = () => {
    for (const listener of [...listeners]) listener();
  };
  return send.then(
    (response) => {
      if (isFailedAnswer(response)) report();
      return response;
    },
    (error: unknown) => {
      if (isFailedAnswer({ error })) report();
      throw error;
    },
  );
}

/** Calls `listener` when a navigation or refresh request of the router fails; the fetch wrapper exists while someone listens. */
export function onFailedRscRequest(listener: Listener): () => void {
  if (listeners.size === 0 && original === null) {
    original = window.fetch;
    window.fetch = watchedFetch as typeof fetch;
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    // Put back only if nobody wrapped fetch after us.
    if (listeners.size === 0 && original !== null && window.fetch === (watchedFetch as typeof fetch)) {
      window.fetch = original;
      original = null;
    }
  };
}
